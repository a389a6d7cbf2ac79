import { type Kysely, sql } from "kysely";
import { tableWithId } from "./columns";
import type { Dialect } from "./index";

/**
 * The merchant's catalogue and systems (issue 35): the keys a feed upserts by (a product's own key, a
 * category's code, a variant's EAN/GTIN beside its SKU), and the merchant's webhooks with the queue of
 * their deliveries (written in the transaction of the event, sent after it commits, in order per webhook).
 */
export async function m022_catalogue_keys_webhooks(anyDb: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  const s = db.schema;
  await s.alterTable("products").addColumn("product_key", "text").execute();
  await sql`update products set product_key = 'P' || id`.execute(db);
  await s.createIndex("products_key").on("products").column("product_key").unique().execute();
  await s.alterTable("categories").addColumn("code", "text").execute();
  await sql`update categories set code = 'C' || id`.execute(db);
  await s.createIndex("categories_code").on("categories").column("code").unique().execute();
  await s.alterTable("product_variants").addColumn("ean", "text").execute();
  // Staff decide a delivery-address change: applied, or refused with a reason the shopper reads.
  await s.alterTable("delivery_address_changes").addColumn("refused_reason", "text").execute();
  await s.alterTable("delivery_address_changes").addColumn("decided_at", "text").execute();

  await tableWithId(db, dialect, "merchant_webhooks")
    .addColumn("url", "text", (c) => c.notNull())
    // Comma-separated: order.placed, order.paid, order.shipped, ...
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("disabled_at", "text")
    // The process sending this webhook's queue holds it until then (epoch ms): one sender at a time, in order.
    .addColumn("lease_until", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await tableWithId(db, dialect, "webhook_deliveries")
    .addColumn("webhook_id", "integer", (c) => c.notNull().references("merchant_webhooks.id"))
    .addColumn("event", "text", (c) => c.notNull())
    // The event's own id (`order.paid:VT-…`): one delivery per webhook and event, whoever emits it twice.
    .addColumn("event_key", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    // pending, delivered, failed (gave up after a day)
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "bigint", (c) => c.notNull())
    .addColumn("last_status", "integer")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("delivered_at", "text")
    .addUniqueConstraint("webhook_deliveries_event", ["webhook_id", "event_key"])
    .execute();
  await s
    .createIndex("webhook_deliveries_queue")
    .on("webhook_deliveries")
    .columns(["webhook_id", "status", "id"])
    .execute();
}
