import { z } from "zod";
import { defineEndpoint } from "~/server/http/endpoint";
import { ApiError } from "~/server/http/errors";
import { variantHtml } from "./product/variant-html.server";
import { chooseVariant } from "./product/variants.server";
import { SuggestionQuerySchema, SuggestionSchema } from "./search/search";
import { suggest } from "./search/search.server";

const id = z.coerce.number().int().min(1).max(2_147_483_647);

/** The chosen values as VariantValueId1..n (spec 001 section 3), the quantity, and which value changed last. */
const VariantQuery = z
  .object({
    VariantValueId1: z.string().max(20).optional(),
    VariantValueId2: z.string().max(20).optional(),
    Quantity: z.string().max(20).optional(),
    LastChangedValueId: id.optional(),
  })
  .catchall(z.string().max(20));

/** The variant API's answer (spec 001 section 3): the view model of the chosen variant and every variation control. */
const VariantChoiceAnswer = z.object({
  ProductVariantViewModel: z.looseObject({
    ProductId: z.number(),
    ProductVariantId: z.number(),
    SKU: z.string(),
    Name: z.string(),
    CurrencyCode: z.literal("EUR"),
    Quantity: z.number(),
    MinQuantity: z.number(),
    MaxQuantity: z.number(),
    StepQuantity: z.number(),
    UnitPriceTaxIncl: z.number(),
    UnitPriceTaxExcl: z.number(),
    UnitPriceTaxInclHtml: z.string(),
    UnitPriceTaxExclHtml: z.string(),
    IsInStock: z.boolean(),
    HasDegressivePrices: z.boolean(),
    LowestPrice30DaysTaxInclHtml: z.string().optional(),
    StockByWarehouseHtml: z.string().optional(),
    GalleryHtml: z.string().optional(),
    CustomerReferenceHtml: z.string().optional(),
  }),
  ProductVariantAttributesViewModel: z.array(
    z.object({
      ProductAttributeId: z.number(),
      Name: z.string(),
      VariationDisplayTypeValue: z.string(),
      Value: z.number().nullable(),
      Values: z.array(
        z.object({
          ProductAttributeValueId: z.number(),
          DisplayValue: z.string(),
          IsUnavailable: z.boolean(),
          ColorCode1: z.string().nullable(),
          ColorCode2: z.string().nullable(),
          ColorCode3: z.string().nullable(),
        }),
      ),
    }),
  ),
});

export const productVariants = defineEndpoint({
  method: "get",
  path: "/catalog/products/:productId/productvariants",
  summary:
    "The variant for the chosen values (VariantValueId1..n) and quantity, with every variation control and its stock-by-warehouse, gallery and customer-reference HTML",
  tags: ["catalog"],
  params: z.object({ productId: id }),
  query: VariantQuery,
  cache: "private, max-age=0",
  public: true,
  response: VariantChoiceAnswer,
  run: async ({ params, query, culture, session }) => {
    const chosen: number[] = [];
    for (const [key, value] of Object.entries(query)) {
      if (!/^VariantValueId\d{1,2}$/.test(key) || value === "" || value === undefined) continue;
      const parsed = id.safeParse(value);
      if (!parsed.success) throw new ApiError("ValidationFailed", { [key]: [] });
      chosen.push(parsed.data);
    }
    const quantity = query.Quantity === undefined || query.Quantity === "" ? null : Number(query.Quantity);
    if (quantity !== null && !Number.isFinite(quantity)) throw new ApiError("ValidationFailed", { Quantity: [] });
    const answer = await chooseVariant(params.productId, chosen, quantity, culture, query.LastChangedValueId);
    if (!answer) throw new ApiError("NotFound");
    const variant = answer.ProductVariantViewModel;
    const html = await variantHtml(culture, session, variant.ProductId, variant.ProductVariantId);
    return { ...answer, ProductVariantViewModel: { ...variant, ...html } };
  },
});

export const suggestions = defineEndpoint({
  method: "get",
  path: "/catalog/search/suggestions",
  summary: "Fuzzy product suggestions (typos, accents, six languages, SKUs); accuracy is the similarity threshold",
  tags: ["catalog"],
  query: SuggestionQuerySchema,
  response: z.array(SuggestionSchema),
  cache: "public, max-age=60",
  public: true,
  run: ({ query, culture, header }) => {
    header("Vary", "X-Culture, Accept-Language");
    return suggest(culture, query.q, query.nbrResults, query.accuracy);
  },
});
