import type { Kysely } from "kysely";
import { tableWithId } from "./columns";
import type { Dialect } from "./index";

/**
 * The merchant's side (issue 35): bearer tokens of the integration API (stored hashed, with scopes), the
 * audit of every write made through it, and the shipments of an order (carrier, tracking, lines).
 */
export async function m021_integration(anyDb: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await tableWithId(db, dialect, "api_tokens")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("scopes", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await tableWithId(db, dialect, "audit_log")
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_at").on("audit_log").column("at").execute();
  await tableWithId(db, dialect, "order_shipments")
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("carrier", "text", (c) => c.notNull())
    .addColumn("tracking_number", "text", (c) => c.notNull())
    .addColumn("tracking_url", "text")
    // [{ "OrderLineId": 1, "Quantity": 2 }, ...]
    .addColumn("lines", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_shipments_order").on("order_shipments").column("order_id").execute();
}
