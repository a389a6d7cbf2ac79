import { z } from "zod";
import { withVat } from "../../lib/money";

/**
 * Refund requests (spec 001): per order line, a quantity up to what was bought minus what was already
 * asked for; each line's amount is the unit price including tax times the quantity (cents, shown with
 * 2 decimals and the culture's separator). Shared by the server and the form's live totals.
 */
export const REFUND_METHODS = ["Original", "BankTransfer", "Prepaid"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const REFUND_STATUSES = ["Requested", "Accepted", "Refused", "Refunded"] as const;

/** Unit price including tax of an order line, as the order charged it (reverse charge: rate 0). */
export function unitTaxIncl(line: { unit_tax_excl: number; vat_rate_basis_points: number }): number {
  return withVat(line.unit_tax_excl, line.vat_rate_basis_points);
}

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

const id = z.coerce.number().int().min(1).max(2_147_483_647);
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const RefundRequestSchema = z.object({
  OrderNumber: z
    .string()
    .trim()
    .regex(/^VT-[0-9A-F]{10}$/),
  Lines: z.array(z.object({ OrderLineId: id, Quantity: z.coerce.number().int().min(0).max(10_000) })).max(200),
  Method: z.enum(REFUND_METHODS),
  Iban: text(42),
  AccountHolder: text(120),
  Reason: text(1000),
});
export type RefundRequestInput = z.infer<typeof RefundRequestSchema>;

/** The refund form as posted without JavaScript: `Quantity-{lineId}` fields become the lines. */
export function refundFromForm(orderNumber: string, form: Record<string, string>): Record<string, unknown> {
  const Lines = Object.entries(form)
    .filter(([name]) => /^Quantity-\d+$/.test(name))
    .map(([name, value]) => ({ OrderLineId: name.slice("Quantity-".length), Quantity: value || "0" }));
  return { ...form, OrderNumber: orderNumber, Lines };
}
