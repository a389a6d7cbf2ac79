import type { Kysely } from "kysely";
import { tableWithId } from "./columns";
import type { Dialect } from "./index";

/**
 * What a European shop owes its shoppers (issue 36): the withdrawals they send from their order page
 * (the EU model form, kept as sent), and the moment an account was closed (its personal data erased, its
 * orders kept for the legal retention with the anonymised customer), and whose a consent record is.
 */
export async function m024_withdrawals_and_closures(anyDb: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await tableWithId(db, dialect, "order_withdrawals")
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("customer_id", "integer")
    // JSON: [{ OrderLineId, Name, Sku, Quantity }], as the shopper chose them.
    .addColumn("lines", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("received_on", "text")
    .addColumn("culture", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_withdrawals_order").on("order_withdrawals").column("order_id").execute();
  await db.schema.alterTable("customers").addColumn("closed_at", "text").execute();
  // Whose decision a consent record is when it was made signed in: her export lists it, her closure unlinks it.
  await db.schema.alterTable("consent_records").addColumn("customer_id", "integer").execute();
}
