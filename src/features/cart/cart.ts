import { z } from "zod";
import type { Culture } from "../../lib/culture";
import { type Cents, formatMoney, vatAmount } from "../../lib/money";

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
