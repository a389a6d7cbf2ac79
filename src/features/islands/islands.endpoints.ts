import { z } from "zod";
import { defineEndpoint } from "~/server/http/endpoint";
import { islandCatalogue } from "./registry";

export const islands = defineEndpoint({
  method: "get",
  path: "/islands",
  summary: "Island registry for CMS integrations: name, JSON Schema of props, description, fixtures",
  tags: ["islands"],
  response: z.array(
    z.object({ Name: z.string(), Description: z.string(), Props: z.unknown(), Fixtures: z.array(z.string()) }),
  ),
  cache: "public, max-age=300",
  public: true,
  run: () => islandCatalogue(),
});
