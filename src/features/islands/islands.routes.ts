import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../../server/http/context";
import { document } from "../../server/http/openapi";
import { islandCatalogue } from "./registry";

export const islandRoutes = new Hono<ApiEnv>();

document({
  method: "get",
  path: "/islands",
  summary: "Island registry for CMS integrations: name, JSON Schema of props, description, fixtures",
  tags: ["islands"],
  response: z.array(
    z.object({ Name: z.string(), Description: z.string(), Props: z.unknown(), Fixtures: z.array(z.string()) }),
  ),
});
islandRoutes.get("/islands", (c) => {
  c.header("Cache-Control", "public, max-age=300");
  return c.json(islandCatalogue());
});
