import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../../server/http/context";
import { document } from "../../server/http/openapi";
import { jsonBody, queryParams } from "../../server/http/validation";
import {
  ReferenceSearchQuerySchema,
  ReferenceSearchResultSchema,
  ReferenceUpdateResultSchema,
  ReferenceUpdateSchema,
} from "./customer-reference";
import { findByReference, updateReference } from "./customer-reference.server";

export const customerReferenceRoutes = new Hono<ApiEnv>();

document({
  method: "get",
  path: "/catalog/customerref/search",
  summary: "Business customers: find products by their own reference (at least 2 characters, 10 per page)",
  tags: ["catalog"],
  query: ReferenceSearchQuerySchema,
  response: z.array(ReferenceSearchResultSchema),
  auth: true,
});
customerReferenceRoutes.get("/catalog/customerref/search", async (c) => {
  const { q, page } = queryParams(c, ReferenceSearchQuerySchema);
  c.header("Cache-Control", "private, no-store");
  return c.json(await findByReference(c.get("session"), c.get("culture"), q, page));
});

document({
  method: "post",
  path: "/catalog/customerref",
  summary: "Business customers: set (or with an empty text, remove) their reference for a variant",
  tags: ["catalog"],
  body: ReferenceUpdateSchema,
  response: ReferenceUpdateResultSchema,
  auth: true,
});
customerReferenceRoutes.post("/catalog/customerref", async (c) => {
  const input = await jsonBody(c, ReferenceUpdateSchema);
  return c.json(await updateReference(c.get("session"), c.get("culture"), input.ProductVariantId, input.Reference));
});
