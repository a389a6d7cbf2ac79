import { z } from "zod";

/** A pickup point's code: lower-case letters, digits, _ and -. */
export const PickupPointCode = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/);

/**
 * One of the shop's own pickup points (click and collect: the `store` shipping methods offer them) as the
 * integration API takes it (docs/merchant.md, "Shipping"). Latitude and Longitude may be left out: the
 * point is then placed at its postal code (or city), from the postal codes every shop is given. Hours are
 * language-neutral (`1-5 10:00-18:30;6 10:00-12:30,14:00-18:00;7 closed`, ISO weekdays) and shown in each
 * shopper's language.
 */
export const PickupPointBody = z
  .object({
    Name: z.string().trim().min(1).max(100),
    Street: z.string().trim().min(1).max(200),
    PostalCode: z.string().trim().min(1).max(12),
    City: z.string().trim().min(1).max(100),
    Country: z.string().regex(/^[A-Z]{2}$/),
    Phone: z
      .string()
      .trim()
      .max(40)
      .regex(/^[0-9 +().-]*$/)
      .optional(),
    Latitude: z.number().min(-90).max(90).optional(),
    Longitude: z.number().min(-180).max(180).optional(),
    Hours: z.string().trim().min(1).max(300),
    Active: z.boolean().optional(),
  })
  .strict();
export type PickupPointBody = z.infer<typeof PickupPointBody>;
