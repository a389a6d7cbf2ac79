import type { Kysely } from "kysely";
import { tableWithId } from "./columns";
import type { Dialect } from "./index";

/**
 * Birth lists (spec 001 gift registries): a customer's lists, the products wished for (with a wanted
 * quantity, what was already given, a priority flag), and each paid gift, recorded once per order
 * line. Order lines remember the birth-list item a gift was bought for.
 */
export async function m011_birth_lists(anyDb: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  const s = db.schema;
  await tableWithId(db, dialect, "birth_lists")
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("parents", "text", (c) => c.notNull())
    .addColumn("due_date", "text")
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await s.createIndex("birth_lists_customer").on("birth_lists").column("customer_id").execute();
  await tableWithId(db, dialect, "birth_list_items")
    .addColumn("birth_list_id", "integer", (c) => c.notNull().references("birth_lists.id"))
    .addColumn("variant_id", "integer", (c) => c.notNull().references("product_variants.id"))
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("given_quantity", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_priority", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("birth_list_items_once", ["birth_list_id", "variant_id"])
    .execute();
  await tableWithId(db, dialect, "birth_list_gifts")
    .addColumn("item_id", "integer", (c) => c.notNull().references("birth_list_items.id"))
    // Null for gifts recorded outside an order (the demo data).
    .addColumn("order_line_id", "integer", (c) => c.references("order_lines.id"))
    .addColumn("giver_name", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    /** Units given beyond what was still wanted when the payment came (parallel gifts): said, not hidden. */
    .addColumn("over_quantity", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("birth_list_gifts_once", ["order_line_id"])
    .execute();
  await s.alterTable("order_lines").addColumn("birth_list_item_id", "integer").execute();
}
