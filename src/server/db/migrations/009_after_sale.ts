import { type Kysely, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * After-sale self-service: prepaid accounts and their movements (a top-up is a cart line and an order
 * line naming its account; part of an order may be paid with credit), refund requests per order line,
 * and delivery-address change requests.
 */
export async function m009_after_sale(anyDb: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  const s = db.schema;
  const id = (name: string) => {
    const table = s.createTable(name);
    return dialect === "postgres"
      ? table.addColumn("id", "serial", (c) => c.primaryKey())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  };

  await id("prepaid_accounts")
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id"))
    .addColumn("name", "text", (c) => c.notNull())
    // Cents, tax included; the check is the last guard of "never below zero".
    .addColumn("balance", "integer", (c) => c.notNull().check(sql`balance >= 0`))
    .addColumn("notify_usage", "integer", (c) => c.notNull())
    .addColumn("low_balance_threshold", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await s.createIndex("prepaid_accounts_customer").on("prepaid_accounts").column("customer_id").execute();

  await id("prepaid_movements")
    .addColumn("account_id", "integer", (c) => c.notNull().references("prepaid_accounts.id"))
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("order_id", "integer", (c) => c.references("orders.id"))
    .addColumn("balance_after", "integer", (c) => c.notNull())
    // What staff wrote a payment at the counter was for.
    .addColumn("label", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await s.createIndex("prepaid_movements_account").on("prepaid_movements").columns(["account_id", "id"]).execute();
  // One top-up credit, one payment and one release per order and account: a webhook told twice credits once.
  await s
    .createIndex("prepaid_movements_once")
    .unique()
    .on("prepaid_movements")
    .columns(["account_id", "order_id", "kind"])
    .execute();

  await s.alterTable("cart_lines").addColumn("prepaid_account_id", "integer").execute();
  await s.alterTable("order_lines").addColumn("prepaid_account_id", "integer").execute();
  await s.alterTable("orders").addColumn("prepaid_account_id", "integer").execute();
  await s
    .alterTable("orders")
    .addColumn("prepaid_amount", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await s.alterTable("orders").addColumn("shipped_at", "text").execute();

  await id("refund_requests")
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("iban", "text")
    .addColumn("account_holder", "text")
    .addColumn("reason", "text")
    .addColumn("items", "integer", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await s.createIndex("refund_requests_order").on("refund_requests").column("order_id").execute();
  await s.createIndex("refund_requests_customer").on("refund_requests").column("customer_id").execute();
  await s
    .createTable("refund_request_lines")
    .addColumn("request_id", "integer", (c) => c.notNull().references("refund_requests.id"))
    .addColumn("order_line_id", "integer", (c) => c.notNull().references("order_lines.id"))
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("refund_request_lines_pk", ["request_id", "order_line_id"])
    .execute();

  await id("delivery_address_changes")
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id"))
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await s.createIndex("delivery_address_changes_order").on("delivery_address_changes").column("order_id").execute();
}
