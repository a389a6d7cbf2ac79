import type { Kysely } from "kysely";
import type { Dialect } from "./index";

/**
 * Which warehouse each of an order's units came from, so an order left unpaid can give them back to
 * the very shelves they were taken from.
 */
export async function m007_order_stock_takes(anyDb: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  const table = db.schema.createTable("order_stock_takes");
  await (dialect === "postgres"
    ? table.addColumn("id", "serial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("variant_id", "integer", (c) => c.notNull())
    .addColumn("warehouse_id", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_stock_takes_order").on("order_stock_takes").column("order_id").execute();
  await db.schema.createIndex("orders_unpaid").on("orders").columns(["status", "created_at"]).execute();
}
