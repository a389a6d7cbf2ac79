import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../../server/http/context";
import { document } from "../../server/http/openapi";
import { pathParams } from "../../server/http/validation";
import { CultureParamSchema, stringResources } from "./localization.server";

export const localizationRoutes = new Hono<ApiEnv>();

document({
  method: "get",
  path: "/localization/:culture/stringresources",
  summary: "Nested map of the culture's shopper strings (cached, with ETag)",
  tags: ["localization"],
  response: z.record(z.string(), z.unknown()),
});
localizationRoutes.get("/localization/:culture/stringresources", (c) => {
  const { culture } = pathParams(c, CultureParamSchema);
  const { body, etag } = stringResources(culture);
  c.header("ETag", etag);
  c.header("Cache-Control", "public, max-age=3600, must-revalidate");
  c.header("Vary", "Accept-Encoding");
  if (c.req.header("if-none-match") === etag) return c.body(null, 304);
  return c.body(body, 200, { "Content-Type": "application/json; charset=utf-8" });
});
