import type { Generated } from "kysely";

/** The tables the coupons feature owns (src/server/db/schema.ts assembles every feature's). */
export interface CouponsTables {
  coupons: {
    id: Generated<number>;
    code: string;
    kind: string;
    value: number;
    min_amount_tax_incl: number;
    valid_from: string | null;
    valid_to: string | null;
    max_uses: number | null;
    max_uses_per_customer: number | null;
    category_id: number | null;
    brand_id: number | null;
    customer_id: number | null;
    is_active: number;
  };
  coupon_uses: {
    id: Generated<number>;
    coupon_id: number;
    order_id: number;
    customer_id: number | null;
    email: string;
    created_at: string;
  };
}
