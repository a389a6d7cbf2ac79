import { z } from "zod";
import { correctQuantity } from "~/features/catalog/product/quantity";
import type { Culture } from "~/lib/culture";
import { type Cents, formatMoney } from "~/lib/money";
import type { TrackingItem } from "~/lib/tracking";

/** The cart summary of spec 001 section 3, as `GET /api/v1/shoppingcarts` answers it. */
export const CartSummarySchema = z.object({
  ItemsCount: z.number().int().min(0),
  AmountTaxInclHtml: z.string(),
  AmountTaxExclHtml: z.string(),
});
export type CartSummary = z.infer<typeof CartSummarySchema>;

/** What "order all" of a list answers (wish lists, birth lists): each line's outcome, how many went in, the cart after. */
export const OrderAllAnswer = z.object({
  Lines: z.array(z.object({ variantId: z.number(), qty: z.number(), Added: z.boolean(), Message: z.string() })),
  AddedCount: z.number(),
  Cart: CartSummarySchema,
});

/** What adding to the cart answers (a variant, a birth list's gift): the cart after, the line, its analytics item. */
export const AddToCartAnswer = z.object({
  Cart: CartSummarySchema,
  Message: z.string(),
  ProductVariantId: z.number(),
  Quantity: z.number(),
  Item: z.record(z.string(), z.unknown()),
});

/**
 * The mini-cart of a page shared by every shopper, before her summary comes: no count, no total (an
 * empty badge keeps its room). `ItemsCount` -1 says "not known yet".
 */
export const PENDING_SUMMARY: CartSummary = { ItemsCount: -1, AmountTaxInclHtml: "", AmountTaxExclHtml: "" };

export interface CartTotals {
  itemsCount: number;
  amountTaxExcl: Cents;
  amountTaxIncl: Cents;
}

export function toSummary(totals: CartTotals, culture: Culture): CartSummary {
  return {
    ItemsCount: totals.itemsCount,
    AmountTaxInclHtml: formatMoney(totals.amountTaxIncl, culture),
    AmountTaxExclHtml: formatMoney(totals.amountTaxExcl, culture),
  };
}

/** The header's summary: the goods, coupon deducted, without shipping (chosen later, on the cart page). */
export function goodsSummary(
  totals: {
    itemsCount: number;
    itemsTaxExcl: Cents;
    itemsTaxIncl: Cents;
    discountTaxExcl: Cents;
    discountTaxIncl: Cents;
  },
  culture: Culture,
): CartSummary {
  return toSummary(
    {
      itemsCount: totals.itemsCount,
      amountTaxExcl: totals.itemsTaxExcl - totals.discountTaxExcl,
      amountTaxIncl: totals.itemsTaxIncl - totals.discountTaxIncl,
    },
    culture,
  );
}

export { DEFAULT_SHIPPING_COUNTRY } from "~/features/pricing/pricing.constants";
export { type PriceTier, unitPriceFor } from "~/features/pricing/totals";

/** Where a cart line comes from (spec 001: ItemOrigin "Catalog or other"), with its key within that origin. */
export const ITEM_ORIGINS = ["Catalog", "Wishlist", "BirthList", "Order", "QuickView"] as const;

/**
 * Add-to-cart order info (spec 001 section 3): ProductVariantId, Quantity, Name and order-origin data.
 * Prices and currency a client may send are ignored: the server prices every line itself.
 */
export const AddToCartSchema = z.object({
  ProductVariantId: z.coerce.number().int().min(1).max(2_147_483_647),
  Quantity: z.coerce.number().int().min(1).max(100_000),
  Name: z.string().max(300).optional(),
  ItemOrigin: z.enum(ITEM_ORIGINS).default("Catalog"),
  ItemKey: z.string().max(64).default(""),
  OrderId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  /** Position in the list the product was added from (tracking). */
  Index: z.coerce.number().int().min(0).max(100_000).optional(),
});
export type AddToCartInput = z.infer<typeof AddToCartSchema>;

export interface LineRules {
  min: number;
  max: number | null;
  step: number;
}

export type LineProblem =
  | { code: "QuantityRuleBroken"; suggested: number }
  | { code: "InsufficientStock"; available: number }
  | null;

/**
 * Whether a line may hold `inCart + adding` units: the requested quantity must already obey the quantity
 * rules (the browser corrects it first, so a broken one is refused with the nearest valid value), the
 * whole line must stay within max, and the line cannot exceed the units in stock.
 */
export function lineProblem(rules: LineRules, stock: number, inCart: number, adding: number): LineProblem {
  const total = inCart + adding;
  const suggested = correctQuantity(adding, rules) ?? rules.min;
  const brokenStep = total % rules.step !== 0;
  if (adding < rules.min || brokenStep || (rules.max !== null && total > rules.max))
    return {
      code: "QuantityRuleBroken",
      suggested: rules.max !== null ? Math.min(suggested, Math.max(0, rules.max - inCart)) : suggested,
    };
  if (total > stock) return { code: "InsufficientStock", available: Math.max(0, stock - inCart) };
  return null;
}

export interface AddToCartResult {
  Cart: CartSummary;
  Message: string;
  ProductVariantId: number;
  Quantity: number;
  Item: TrackingItem;
}

/**
 * The largest quantity not above `quantity` that obeys the rules and the stock, or 0 when none does
 * (the line must go). Used when stock dropped under a line the shopper already holds.
 */
export function fittingQuantity(rules: LineRules, stock: number, quantity: number): number {
  let fitting = Math.min(quantity, stock);
  if (rules.max !== null) fitting = Math.min(fitting, rules.max);
  fitting -= fitting % Math.max(1, rules.step);
  return fitting >= rules.min ? fitting : 0;
}

/** A quantity the shop lowered (spec 001: a message when quantities were adjusted). */
export interface CartAdjustment {
  ItemOriginAndKey: string;
  ItemName: string;
  ProductVariantId: number;
  Requested: number;
  Quantity: number;
}

export const LineQuantitySchema = z.object({ Quantity: z.coerce.number().int().min(0).max(100_000) });
export const ShippingMethodSchema = z.object({ ShippingMethodId: z.coerce.number().int().min(1).max(2_147_483_647) });
export const ShippingCountrySchema = z.object({
  CountryCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/),
});
export const CountryPairSchema = z.object({
  ShippingCountryId: z.coerce.number().int().min(1).max(2_147_483_647),
  BillingCountryId: z.coerce.number().int().min(1).max(2_147_483_647),
});
/** CityId is the postal code of the suggestion the shopper picked (the key of the autocomplete's map). */
export const CitySchema = z.object({
  CityId: z.coerce
    .string()
    .trim()
    .regex(/^[0-9A-Za-z][0-9A-Za-z -]{1,9}$/),
});
