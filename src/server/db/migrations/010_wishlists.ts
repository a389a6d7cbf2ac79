import type { Kysely } from "kysely";
import { tableWithId } from "./columns";
import type { Dialect } from "./index";

/** Wishlists (spec 001): several named lists per customer, each holding variants with a quantity. */
export async function m010_wishlists(anyDb: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  const s = db.schema;
  const id = (name: string) => tableWithId(db, dialect, name);
  await id("wishlists")
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await s.createIndex("wishlists_customer").on("wishlists").column("customer_id").execute();
  await id("wishlist_items")
    .addColumn("wishlist_id", "integer", (c) => c.notNull().references("wishlists.id"))
    .addColumn("variant_id", "integer", (c) => c.notNull().references("product_variants.id"))
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("wishlist_items_once", ["wishlist_id", "variant_id"])
    .execute();
}
