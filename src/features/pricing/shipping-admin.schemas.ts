import { z } from "zod";
import { CULTURES, type Culture } from "~/lib/culture";

/** A shipping method's code: lower-case letters, digits, _ and - (the pickup points' codes follow it too). */
export const ShippingCode = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/);

const cents = z.number().int().min(0).max(100_000_000);
const Name = z.string().trim().min(1).max(100);

/**
 * A home delivery or shop pickup method as the integration API takes it (docs/merchant.md, "Shipping"): its
 * kind when it is made (`home`, the default, or `store`: collected at one of the shop's own pickup points,
 * which the pickup feature's API writes; a method keeps its kind), names per culture
 * (one left out shows the French name, or the first one given), and by country code the price tax excluded
 * and the order total tax included from which it is free; a country left out keeps its price, null stops
 * the method there.
 */
export const ShippingMethodBody = z.object({
  Kind: z.enum(["home", "store"]).optional(),
  Names: z
    .object(
      Object.fromEntries(CULTURES.map((c) => [c, Name.optional()])) as Record<Culture, z.ZodOptional<typeof Name>>,
    )
    .strict(),
  Position: z.number().int().min(0).max(10_000).optional(),
  Active: z.boolean().optional(),
  Rates: z.record(
    z.string().regex(/^[A-Z]{2}$/),
    z
      .object({
        Amount: cents,
        FreeFrom: cents.positive().nullable().optional(),
        /** Business days in transit there (product pages tell search engines); null: not said; left out: kept. */
        TransitDays: z
          .object({ Min: z.number().int().min(0).max(60), Max: z.number().int().min(0).max(60) })
          .strict()
          .refine((days) => days.Min <= days.Max, { message: "Min must not exceed Max", path: ["Max"] })
          .nullable()
          .optional(),
      })
      .strict()
      .nullable(),
  ),
});
export type ShippingMethodBody = z.infer<typeof ShippingMethodBody>;
