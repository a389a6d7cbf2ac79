import { z } from "zod";
import { REFUND_METHODS } from "./refunds";

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
