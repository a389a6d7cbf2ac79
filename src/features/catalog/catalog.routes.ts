import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../../server/http/context";
import { ApiError } from "../../server/http/errors";
import { document } from "../../server/http/openapi";
import { pathParams, queryParams } from "../../server/http/validation";
import { SuggestionQuerySchema, SuggestionSchema } from "./search";
import { suggest } from "./search.server";
import { chooseVariant } from "./variants.server";

export const catalogRoutes = new Hono<ApiEnv>();

const ProductParams = z.object({ productId: z.coerce.number().int().min(1).max(2_147_483_647) });
const id = z.coerce.number().int().min(1).max(2_147_483_647);
/** The chosen values as VariantValueId1..n (spec 001 section 3), the quantity, and which value changed last. */
const VariantQuery = z
  .object({
    Quantity: z.string().max(20).optional(),
    LastChangedValueId: id.optional(),
  })
  .catchall(z.string().max(20));

document({
  method: "get",
  path: "/catalog/products/:productId/productvariants",
  summary: "The variant for the chosen values (VariantValueId1..n) and quantity, with every variation control",
  tags: ["catalog"],
  query: z.object({
    VariantValueId1: id.optional(),
    VariantValueId2: id.optional(),
    Quantity: z.string().optional(),
    LastChangedValueId: id.optional(),
  }),
});
catalogRoutes.get("/catalog/products/:productId/productvariants", async (c) => {
  const { productId } = pathParams(c, ProductParams);
  const query = queryParams(c, VariantQuery);
  const chosen: number[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (!/^VariantValueId\d{1,2}$/.test(key) || value === "" || value === undefined) continue;
    const parsed = id.safeParse(value);
    if (!parsed.success) throw new ApiError("ValidationFailed", { [key]: [] });
    chosen.push(parsed.data);
  }
  const quantity = query.Quantity === undefined || query.Quantity === "" ? null : Number(query.Quantity);
  if (quantity !== null && !Number.isFinite(quantity)) throw new ApiError("ValidationFailed", { Quantity: [] });
  const answer = await chooseVariant(productId, chosen, quantity, c.get("culture"), query.LastChangedValueId);
  if (!answer) throw new ApiError("NotFound");
  c.header("Cache-Control", "private, max-age=0");
  return c.json(answer);
});

document({
  method: "get",
  path: "/catalog/search/suggestions",
  summary: "Fuzzy product suggestions (typos, accents, six languages, SKUs); accuracy is the similarity threshold",
  tags: ["catalog"],
  query: SuggestionQuerySchema,
  response: z.array(SuggestionSchema),
});
catalogRoutes.get("/catalog/search/suggestions", async (c) => {
  const { q, nbrResults, accuracy } = queryParams(c, SuggestionQuerySchema);
  c.header("Cache-Control", "public, max-age=60");
  c.header("Vary", "X-Culture, Accept-Language");
  return c.json(await suggest(c.get("culture"), q, nbrResults, accuracy));
});
