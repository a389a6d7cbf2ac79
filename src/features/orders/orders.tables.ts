import type { Generated } from "kysely";

/** The tables the orders feature owns (src/server/db/schema.ts assembles every feature's). */
export interface OrdersTables {
  orders: {
    id: Generated<number>;
    number: string;
    idempotency_key: string;
    customer_id: number | null;
    session_key: string | null;
    email: string;
    culture: string;
    status: string;
    shipping_method_id: number;
    billing_country_id: number;
    shipping_country_id: number;
    vat_number: string | null;
    reverse_charge: number;
    coupon_id: number | null;
    items_tax_excl: number;
    discount_tax_excl: number;
    shipping_tax_excl: number;
    /** The shipping and the discount tax included, as the checkout showed them (null before 029). */
    shipping_tax_incl: number | null;
    discount_tax_incl: number | null;
    /** A guest's order opens with this key in any browser (the links of her mails; null before 030). */
    access_key: string | null;
    vat_amount: number;
    total_tax_incl: number;
    billing_address: string;
    shipping_address: string;
    created_at: string;
    paid_at: string | null;
    /** card | bancontact | ideal: how the shopper chose to pay what prepaid credit did not (issue 34). */
    payment_method: string;
    /** When the provider told of a chargeback on its payment. */
    chargeback_at: string | null;
    /** The prepaid account part of the total was paid from, and how much (cents, tax included). */
    prepaid_account_id: number | null;
    prepaid_amount: number;
    shipped_at: string | null;
  };
  delivery_address_changes: {
    id: Generated<number>;
    order_id: number;
    customer_id: number;
    address: string;
    /** Requested, Applied, Refused, Replaced (by a newer request). */
    status: string;
    created_at: string;
    refused_reason: string | null;
    decided_at: string | null;
  };
  order_stock_takes: {
    id: Generated<number>;
    order_id: number;
    variant_id: number;
    warehouse_id: number;
    quantity: number;
  };
  order_lines: {
    id: Generated<number>;
    order_id: number;
    variant_id: number;
    sku: string;
    name: string;
    quantity: number;
    unit_tax_excl: number;
    vat_rate_basis_points: number;
    line_tax_excl: number;
    prepaid_account_id: number | null;
    /** A gift bought from a birth list: its item, credited when the order is paid. */
    birth_list_item_id: number | null;
  };
  /** What was sent of an order, with the carrier's tracking (issue 35). */
  order_shipments: {
    id: Generated<number>;
    order_id: number;
    carrier: string;
    tracking_number: string;
    tracking_url: string | null;
    /** JSON: [{ OrderLineId, Quantity }] */
    lines: string;
    created_at: string;
  };
  order_withdrawals: {
    id: Generated<number>;
    order_id: number;
    customer_id: number | null;
    /** JSON: [{ OrderLineId, Name, Sku, Quantity }], as the shopper chose them. */
    lines: string;
    name: string;
    address: string;
    received_on: string | null;
    culture: string;
    created_at: string;
  };
}
