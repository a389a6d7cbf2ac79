import type { Kysely } from "kysely";
import type { Dialect } from "./index";

/** Back-in-stock subscriptions, and the mail outbox the notifications (and later mails) go through. */
export async function m003_stock_notifications(anyDb: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  const id = (table: ReturnType<typeof db.schema.createTable>) =>
    dialect === "postgres"
      ? table.addColumn("id", "serial", (c) => c.primaryKey())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  await id(db.schema.createTable("stock_notifications"))
    .addColumn("variant_id", "integer", (c) => c.notNull().references("product_variants.id"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("culture", "text", (c) => c.notNull())
    .addColumn("customer_id", "integer", (c) => c.references("customers.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("notified_at", "text")
    .execute();
  await db.schema
    .createIndex("stock_notifications_pending")
    .on("stock_notifications")
    .columns(["variant_id", "notified_at"])
    .execute();
  await id(db.schema.createTable("mail_outbox"))
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("culture", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
}
