import { z } from "zod";
import { defineEndpoint } from "~/server/http/endpoint";
import { setCurrentCountry } from "./cart-detail.server";

export const currentCountry = defineEndpoint({
  method: "put",
  path: "/salestaxes/currentcountry",
  summary:
    "Set the shopper's current country (ISO code or id): prices shown include its VAT from the next page on, and an existing cart ships there",
  tags: ["cart"],
  body: z.object({
    currentCountry: z.union([
      z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/),
      z.number().int().min(1).max(2_147_483_647),
    ]),
  }),
  response: z.object({ CountryCode: z.string() }),
  run: async ({ session, body }) => ({ CountryCode: await setCurrentCountry(session, body.currentCountry) }),
});
