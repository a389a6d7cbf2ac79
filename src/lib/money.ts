import { type Culture, INTL_LOCALE } from "./culture";

/** Money is integer cents (EUR) everywhere but the edge. */
export type Cents = number;

const formatters = new Map<string, Intl.NumberFormat>();

/** "12,34 €" in fr, "€ 12,34" in nl: the culture's own way, only at the edge. */
export function formatMoney(cents: Cents, culture: Culture, currency = "EUR"): string {
  const key = `${culture}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_LOCALE[culture], { style: "currency", currency });
    formatters.set(key, formatter);
  }
  return formatter.format(cents / 100);
}

/** VAT on a tax-excluded amount; rates are basis points (2100 = 21 %); rounded half up per line. */
export function vatAmount(amountTaxExcl: Cents, rateBasisPoints: number): Cents {
  return Math.round((amountTaxExcl * rateBasisPoints) / 10000);
}

export function withVat(amountTaxExcl: Cents, rateBasisPoints: number): Cents {
  return amountTaxExcl + vatAmount(amountTaxExcl, rateBasisPoints);
}

/**
 * A line of `quantity` units, tax included, as every page, mail and refund shows it: the unit price tax
 * included (rounded once, the price the shopper reads) times the quantity. 2 × 19,97 € is 39,94 €, never
 * the 39,93 € that rounding the line's VAT would give.
 */
export function lineTaxIncl(unitTaxExcl: Cents, quantity: number, rateBasisPoints: number): Cents {
  return withVat(unitTaxExcl, rateBasisPoints) * quantity;
}

/** A sum a person typed in euros ("44", "44.9", "44,90") as cents; NaN when it is not one. */
export function centsTyped(text: string | undefined): Cents {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text ?? "");
  return match ? Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0")) : Number.NaN;
}
