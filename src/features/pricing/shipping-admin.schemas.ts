import { z } from "zod";
import { CULTURES, type Culture } from "~/lib/culture";

const cents = z.number().int().min(0).max(100_000_000);
const Name = z.string().trim().min(1).max(100);

/**
 * A home delivery method as the integration API takes it (docs/merchant.md, "Shipping"): names per culture
 * (one left out shows the French name, or the first one given), and by country code the price tax excluded
 * and the order total tax included from which it is free; a country left out keeps its price, null stops
 * the method there.
 */
export const ShippingMethodBody = z.object({
  Names: z
    .object(
      Object.fromEntries(CULTURES.map((c) => [c, Name.optional()])) as Record<Culture, z.ZodOptional<typeof Name>>,
    )
    .strict(),
  Position: z.number().int().min(0).max(10_000).optional(),
  Active: z.boolean().optional(),
  Rates: z.record(
    z.string().regex(/^[A-Z]{2}$/),
    z.object({ Amount: cents, FreeFrom: cents.positive().nullable().optional() }).strict().nullable(),
  ),
});
export type ShippingMethodBody = z.infer<typeof ShippingMethodBody>;
