import type { Generated } from "kysely";

/** The tables the cart feature owns (src/server/db/schema.ts assembles every feature's). */
export interface CartTables {
  carts: {
    id: Generated<number>;
    session_id: string | null;
    customer_id: number | null;
    shipping_country_id: number | null;
    billing_country_id: number | null;
    created_at: string;
    updated_at: string;
    shipping_method_id: number | null;
    coupon_id: number | null;
    vat_number: string | null;
    /** 1 valid, 0 invalid, null not checked or the service could not say. */
    vat_valid: number | null;
    /** JSON of the chosen pickup point (spec 001 saved pickup point payload). */
    pickup_point: string | null;
    /** JSON of the quantity adjustments not yet shown to the shopper. */
    adjustments: string | null;
    city_id: number | null;
  };
  cart_lines: {
    id: Generated<number>;
    cart_id: number;
    variant_id: number;
    quantity: number;
    item_origin: string;
    item_key: string;
    created_at: string;
    /** A top-up of this prepaid account (the prepaid credit variant), credited when the order is paid. */
    prepaid_account_id: number | null;
  };
}
