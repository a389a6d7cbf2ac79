import { z } from "zod";

/** A coupon's code: letters, digits, _ and - (shoppers type it in any case). */
export const CouponCode = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

const cents = z.number().int().min(0).max(100_000_000);
const moment = z.iso.datetime({ offset: true });

/**
 * A coupon as the integration API takes it (docs/merchant.md, "Coupons"): `Percent` (up to two decimals)
 * or `Amount` (cents, tax included, spread over the lines it covers), the order total from which it
 * applies, its dates, its uses overall and per customer, a category key or a brand name it is limited to,
 * the e-mail of the one customer it is for. What a PUT leaves out stays as it is; null removes a limit.
 */
export const CouponBody = z
  .object({
    Percent: z.number().positive().max(100).optional(),
    Amount: cents.positive().optional(),
    MinimumTotal: cents.optional(),
    ValidFrom: moment.nullable().optional(),
    ValidTo: moment.nullable().optional(),
    MaxUses: z.number().int().positive().max(10_000_000).nullable().optional(),
    MaxUsesPerCustomer: z.number().int().positive().max(10_000).nullable().optional(),
    Category: z.string().trim().min(1).max(64).nullable().optional(),
    Brand: z.string().trim().min(1).max(100).nullable().optional(),
    Customer: z.email().max(254).nullable().optional(),
    Active: z.boolean().optional(),
  })
  .strict();
export type CouponBody = z.infer<typeof CouponBody>;
