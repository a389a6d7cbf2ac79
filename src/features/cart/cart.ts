import { z } from "zod";
import type { Culture } from "../../lib/culture";
import { type Cents, formatMoney, vatAmount } from "../../lib/money";
import type { TrackingItem } from "../../lib/tracking";
import { correctQuantity } from "../catalog/quantity";

/** The cart summary of spec 001 section 3, as `GET /api/v1/shoppingcarts` answers it. */
export const CartSummarySchema = z.object({
  ItemsCount: z.number().int().min(0),
  AmountTaxInclHtml: z.string(),
  AmountTaxExclHtml: z.string(),
});
export type CartSummary = z.infer<typeof CartSummarySchema>;

export interface PriceTier {
  minQuantity: number;
  amountTaxExcl: Cents;
}

/** The unit price for a quantity: the tier with the highest minimum the quantity reaches (degressive prices). */
export function unitPriceFor(tiers: readonly PriceTier[], quantity: number): Cents {
  if (tiers.length === 0) throw new Error("a variant without a price cannot be sold");
  const sorted = [...tiers].sort((a, b) => a.minQuantity - b.minQuantity);
  let price = (sorted[0] as PriceTier).amountTaxExcl;
  for (const tier of sorted) if (quantity >= tier.minQuantity) price = tier.amountTaxExcl;
  return price;
}

export interface PricedLine {
  quantity: number;
  tiers: readonly PriceTier[];
  vatRateBasisPoints: number;
}

export interface CartTotals {
  itemsCount: number;
  amountTaxExcl: Cents;
  amountTaxIncl: Cents;
}

/** Totals of a cart: VAT computed and rounded per line, then summed. */
export function cartTotals(lines: readonly PricedLine[]): CartTotals {
  let itemsCount = 0;
  let amountTaxExcl = 0;
  let vat = 0;
  for (const line of lines) {
    const lineExcl = unitPriceFor(line.tiers, line.quantity) * line.quantity;
    itemsCount += line.quantity;
    amountTaxExcl += lineExcl;
    vat += vatAmount(lineExcl, line.vatRateBasisPoints);
  }
  return { itemsCount, amountTaxExcl, amountTaxIncl: amountTaxExcl + vat };
}

export function toSummary(totals: CartTotals, culture: Culture): CartSummary {
  return {
    ItemsCount: totals.itemsCount,
    AmountTaxInclHtml: formatMoney(totals.amountTaxIncl, culture),
    AmountTaxExclHtml: formatMoney(totals.amountTaxExcl, culture),
  };
}

/** The shop's home country: prices shown before a shipping country is chosen include its VAT. */
export const DEFAULT_SHIPPING_COUNTRY = "BE";

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
