import { withVat } from "~/lib/money";

/**
 * Refund requests (spec 001): per order line, a quantity up to what was bought minus what was already
 * asked for; each line's amount is the unit price including tax times the quantity (cents, shown with
 * 2 decimals and the culture's separator). Shared by the server and the form's live totals.
 */
export const REFUND_METHODS = ["Original", "BankTransfer", "Prepaid"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const REFUND_STATUSES = ["Requested", "Accepted", "Refunding", "Refunded", "RefundFailed", "Refused"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Unit price including tax of an order line, as the order charged it (reverse charge: rate 0). */
export function unitTaxIncl(line: { unit_tax_excl: number; vat_rate_basis_points: number }): number {
  return withVat(line.unit_tax_excl, line.vat_rate_basis_points);
}

/** A refunded line: the unit price tax included times the quantity, as the order's line showed it (lib/money lineTaxIncl). */
export function refundLineAmount(unitTaxInclCents: number, quantity: number): number {
  return unitTaxInclCents * quantity;
}

/** The totals the form shows under its table: items and amount. */
export function refundTotals(lines: { unitTaxIncl: number; quantity: number }[]): { items: number; amount: number } {
  return lines.reduce(
    (sum, l) => ({ items: sum.items + l.quantity, amount: sum.amount + refundLineAmount(l.unitTaxIncl, l.quantity) }),
    { items: 0, amount: 0 },
  );
}
