import { z } from "zod";
import { defineEndpoint } from "~/server/http/endpoint";
import {
  ReferenceSearchQuerySchema,
  ReferenceSearchResultSchema,
  ReferenceUpdateResultSchema,
  ReferenceUpdateSchema,
} from "./customer-reference";
import { findByReference, updateReference } from "./customer-reference.server";

export const searchReferences = defineEndpoint({
  method: "get",
  path: "/catalog/customerref/search",
  summary: "Business customers: find products by their own reference (at least 2 characters, 10 per page)",
  tags: ["catalog"],
  query: ReferenceSearchQuerySchema,
  response: z.array(ReferenceSearchResultSchema),
  auth: true,
  run: ({ session, culture, query }) => findByReference(session, culture, query.q, query.page),
});

export const updateCustomerReference = defineEndpoint({
  method: "post",
  path: "/catalog/customerref",
  summary: "Business customers: set (or with an empty text, remove) their reference for a variant",
  tags: ["catalog"],
  body: ReferenceUpdateSchema,
  response: ReferenceUpdateResultSchema,
  auth: true,
  run: ({ session, culture, body }) => updateReference(session, culture, body.ProductVariantId, body.Reference),
});
