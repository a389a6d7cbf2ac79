import { z } from "zod";
import { defineEndpoint } from "~/server/http/endpoint";
import { citySuggestions } from "./pricing.server";

export const cities = defineEndpoint({
  method: "get",
  path: "/countries/:countryId/cities/:query",
  summary: "Postal codes and cities starting with the query (from 4 characters), as a map of postal code to city name",
  tags: ["checkout"],
  params: z.object({
    countryId: z.string().regex(/^(\d{1,9}|[A-Za-z]{2})$/),
    query: z.string().trim().min(1).max(40),
  }),
  response: z.record(z.string(), z.string()),
  cache: "public, max-age=3600",
  public: true,
  run: ({ params }) => citySuggestions(params.countryId, params.query),
});
