import { z } from "zod";

/** Euros as staff type them ("12,50", "12.50", "12") in cents; NaN when it is not an amount. */
export function centsFromEuros(text: string): number {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** Staff's decision on one request, as the staff page posts it without JavaScript. */
export const RefundDecisionFormSchema = z.object({
  RequestId: z.coerce.number().int().min(1).max(2_147_483_647),
  Decision: z.enum(["approve", "refuse"]),
  Amount: z
    .string()
    .trim()
    .max(12)
    .optional()
    .transform((v) => (v ? centsFromEuros(v) : undefined))
    .pipe(z.number().int().min(1).optional()),
  Reason: z.string().trim().max(500).optional(),
});
