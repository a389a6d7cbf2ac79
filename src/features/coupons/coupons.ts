import { z } from "zod";
import type { CouponRule } from "~/features/pricing/totals";

/** Coupon code request (spec 001 section 3): CouponCode; Enter submits, an empty code is refused. */
export const CouponRequestSchema = z.object({
  CouponCode: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .transform((code) => code.toUpperCase()),
});

export interface Coupon extends CouponRule {
  id: number;
  code: string;
  isActive: boolean;
  validFrom: string | null;
  validTo: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  customerId: number | null;
}

export type CouponProblem =
  | "CouponUnknown"
  | "CouponNotYetValid"
  | "CouponExpired"
  | "CouponUsedUp"
  | "CouponNotForYou"
  | "CouponMinimumNotReached"
  | "CouponNotApplicable";

/**
 * Why a coupon cannot be used now by this shopper on these goods, or null when it can. Checked when
 * applied on the cart and again, inside the order transaction, when the order is placed.
 */
export function couponProblem(
  coupon: Coupon | null,
  context: {
    now: Date;
    customerId: number | null;
    usesTotal: number;
    usesByShopper: number;
    itemsTaxIncl: number;
    coveredLines: number;
  },
): CouponProblem | null {
  if (!coupon?.isActive) return "CouponUnknown";
  const now = context.now.toISOString();
  if (coupon.customerId !== null && coupon.customerId !== context.customerId) return "CouponNotForYou";
  if (coupon.validFrom && now < coupon.validFrom) return "CouponNotYetValid";
  if (coupon.validTo && now > coupon.validTo) return "CouponExpired";
  if (coupon.maxUses !== null && context.usesTotal >= coupon.maxUses) return "CouponUsedUp";
  if (coupon.maxUsesPerCustomer !== null && context.usesByShopper >= coupon.maxUsesPerCustomer) return "CouponUsedUp";
  if (context.coveredLines === 0) return "CouponNotApplicable";
  if (context.itemsTaxIncl < coupon.minAmountTaxIncl) return "CouponMinimumNotReached";
  return null;
}
