import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from "kysely";
import type { Dialect } from "./index";

/**
 * Everything from the cart page to a paid order: shipping methods and their prices per country,
 * postal codes (city autocomplete, pickup-point geocoding), our own pickup points, customer addresses,
 * coupons and their uses, orders with their lines, payments and the webhook events that decide them,
 * and the cart's own choices (shipping method, coupon, VAT number, pickup point).
 */
type Table = CreateTableBuilder<string, never>;
const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

function autoId(table: Table, dialect: Dialect): Table {
  return dialect === "postgres"
    ? table.addColumn("id", "serial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}

export async function m005_checkout(anyDb: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  const s = db.schema;
  const float = dialect === "postgres" ? "double precision" : "real";

  await s
    .createTable("shipping_methods")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", notNull) // home | pickup | store
    .addColumn("carrier", "text") // pickup carrier gateway: static | demo
    .addColumn("position", "integer", notNull)
    .addColumn("is_active", "integer", notNull)
    .execute();
  await s
    .createTable("shipping_method_translations")
    .addColumn("method_id", "integer", (c) => c.notNull().references("shipping_methods.id"))
    .addColumn("culture", "text", notNull)
    .addColumn("name", "text", notNull)
    .addPrimaryKeyConstraint("shipping_method_translations_pk", ["method_id", "culture"])
    .execute();
  await s
    .createTable("shipping_rates")
    .addColumn("method_id", "integer", (c) => c.notNull().references("shipping_methods.id"))
    .addColumn("country_id", "integer", (c) => c.notNull().references("countries.id"))
    .addColumn("amount_tax_excl", "integer", notNull)
    .addColumn("free_from_tax_incl", "integer")
    .addPrimaryKeyConstraint("shipping_rates_pk", ["method_id", "country_id"])
    .execute();

  await autoId(s.createTable("cities") as Table, dialect)
    .addColumn("country_id", "integer", (c) => c.notNull().references("countries.id"))
    .addColumn("postal_code", "text", notNull)
    .addColumn("name", "text", notNull)
    .addColumn("latitude", float)
    .addColumn("longitude", float)
    .execute();
  await s.createIndex("cities_postal").on("cities").columns(["country_id", "postal_code"]).execute();
  await s.createIndex("cities_name").on("cities").columns(["country_id", "name"]).execute();

  await autoId(s.createTable("pickup_points") as Table, dialect)
    .addColumn("name", "text", notNull)
    .addColumn("street", "text", notNull)
    .addColumn("postal_code", "text", notNull)
    .addColumn("city", "text", notNull)
    .addColumn("country_id", "integer", (c) => c.notNull().references("countries.id"))
    .addColumn("phone", "text", notNull)
    .addColumn("latitude", float, notNull)
    .addColumn("longitude", float, notNull)
    .addColumn("hours", "text", notNull)
    .addColumn("is_active", "integer", notNull)
    .execute();

  await autoId(s.createTable("addresses") as Table, dialect)
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id"))
    .addColumn("address_type", "text", notNull) // Billing | Shipping | Both
    .addColumn("first_name", "text", notNull)
    .addColumn("last_name", "text", notNull)
    .addColumn("company", "text")
    .addColumn("street1", "text", notNull)
    .addColumn("street2", "text")
    .addColumn("postal_code", "text", notNull)
    .addColumn("city", "text", notNull)
    .addColumn("country_id", "integer", (c) => c.notNull().references("countries.id"))
    .addColumn("phone", "text")
    .addColumn("created_at", "text", notNull)
    .execute();
  await s.createIndex("addresses_customer").on("addresses").column("customer_id").execute();

  await autoId(s.createTable("coupons") as Table, dialect)
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", notNull) // percent | amount
    .addColumn("value", "integer", notNull) // basis points or cents tax included
    .addColumn("min_amount_tax_incl", "integer", notNull)
    .addColumn("valid_from", "text")
    .addColumn("valid_to", "text")
    .addColumn("max_uses", "integer")
    .addColumn("max_uses_per_customer", "integer")
    .addColumn("category_id", "integer", (c) => c.references("categories.id"))
    .addColumn("brand_id", "integer", (c) => c.references("brands.id"))
    .addColumn("customer_id", "integer", (c) => c.references("customers.id"))
    .addColumn("is_active", "integer", notNull)
    .execute();

  await autoId(s.createTable("orders") as Table, dialect)
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("customer_id", "integer", (c) => c.references("customers.id"))
    .addColumn("session_key", "text")
    .addColumn("email", "text", notNull)
    .addColumn("culture", "text", notNull)
    .addColumn("status", "text", notNull) // AwaitingPayment | Paid | Cancelled
    .addColumn("shipping_method_id", "integer", (c) => c.notNull().references("shipping_methods.id"))
    .addColumn("billing_country_id", "integer", (c) => c.notNull().references("countries.id"))
    .addColumn("shipping_country_id", "integer", (c) => c.notNull().references("countries.id"))
    .addColumn("vat_number", "text")
    .addColumn("reverse_charge", "integer", notNull)
    .addColumn("coupon_id", "integer", (c) => c.references("coupons.id"))
    .addColumn("items_tax_excl", "integer", notNull)
    .addColumn("discount_tax_excl", "integer", notNull)
    .addColumn("shipping_tax_excl", "integer", notNull)
    .addColumn("vat_amount", "integer", notNull)
    .addColumn("total_tax_incl", "integer", notNull)
    .addColumn("billing_address", "text", notNull) // JSON
    .addColumn("shipping_address", "text", notNull) // JSON: an address or a pickup point
    .addColumn("created_at", "text", notNull)
    .addColumn("paid_at", "text")
    .execute();
  await s.createIndex("orders_customer").on("orders").columns(["customer_id", "created_at"]).execute();
  await autoId(s.createTable("order_lines") as Table, dialect)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("variant_id", "integer", (c) => c.notNull().references("product_variants.id"))
    .addColumn("sku", "text", notNull)
    .addColumn("name", "text", notNull)
    .addColumn("quantity", "integer", notNull)
    .addColumn("unit_tax_excl", "integer", notNull)
    .addColumn("vat_rate_basis_points", "integer", notNull)
    .addColumn("line_tax_excl", "integer", notNull)
    .execute();
  await s.createIndex("order_lines_order").on("order_lines").column("order_id").execute();

  await autoId(s.createTable("coupon_uses") as Table, dialect)
    .addColumn("coupon_id", "integer", (c) => c.notNull().references("coupons.id"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("customer_id", "integer", (c) => c.references("customers.id"))
    .addColumn("email", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .execute();
  await s.createIndex("coupon_uses_coupon").on("coupon_uses").columns(["coupon_id", "email"]).execute();

  await s
    .createTable("payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("provider", "text", notNull)
    .addColumn("amount", "integer", notNull)
    .addColumn("status", "text", notNull) // Pending | Authorised | Refused
    .addColumn("psp_reference", "text")
    .addColumn("event_date", "text")
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();
  await s.createIndex("payments_order").on("payments").column("order_id").execute();
  await autoId(s.createTable("payment_events") as Table, dialect)
    .addColumn("payment_id", "text", (c) => c.notNull().references("payments.id"))
    .addColumn("event_code", "text", notNull)
    .addColumn("psp_reference", "text", notNull)
    .addColumn("success", "integer", notNull)
    .addColumn("event_date", "text", notNull)
    .addColumn("received_at", "text", notNull)
    .addUniqueConstraint("payment_events_once", ["psp_reference", "event_code", "success"])
    .execute();

  await s
    .alterTable("carts")
    .addColumn("shipping_method_id", "integer", (c) => c.references("shipping_methods.id"))
    .execute();
  await s
    .alterTable("carts")
    .addColumn("coupon_id", "integer", (c) => c.references("coupons.id"))
    .execute();
  await s.alterTable("carts").addColumn("vat_number", "text").execute();
  await s.alterTable("carts").addColumn("vat_valid", "integer").execute();
  await s.alterTable("carts").addColumn("pickup_point", "text").execute();
  await s.alterTable("carts").addColumn("adjustments", "text").execute();
  await s
    .alterTable("carts")
    .addColumn("city_id", "integer", (c) => c.references("cities.id"))
    .execute();
  // Mail bodies gain an HTML part for order confirmations.
  await s.alterTable("mail_outbox").addColumn("html", "text").execute();
}
