import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { Dialect } from "./index";

/**
 * Tags (tag search page), related products, 360-degree frame sets and business customers' own
 * references for variants.
 */
const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export async function m004_catalogue_extras(anyDb: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await db.schema
    .createTable("tags")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable("tag_translations")
    .addColumn("tag_id", "integer", (c) => c.notNull().references("tags.id"))
    .addColumn("culture", "text", notNull)
    .addColumn("name", "text", notNull)
    .addColumn("slug", "text", notNull)
    .addPrimaryKeyConstraint("tag_translations_pk", ["tag_id", "culture"])
    .addUniqueConstraint("tag_translations_slug", ["culture", "slug"])
    .execute();
  await db.schema
    .createTable("product_tags")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
    .addColumn("tag_id", "integer", (c) => c.notNull().references("tags.id"))
    .addPrimaryKeyConstraint("product_tags_pk", ["product_id", "tag_id"])
    .execute();
  await db.schema.createIndex("product_tags_tag").on("product_tags").column("tag_id").execute();
  await db.schema
    .createTable("product_relations")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
    .addColumn("related_product_id", "integer", (c) => c.notNull().references("products.id"))
    .addColumn("position", "integer", notNull)
    .addPrimaryKeyConstraint("product_relations_pk", ["product_id", "related_product_id"])
    .execute();
  await db.schema
    .createTable("product_frames")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
    .addColumn("asset_id", "integer", (c) => c.notNull().references("assets.id"))
    .addColumn("frame", "integer", notNull)
    .addPrimaryKeyConstraint("product_frames_pk", ["product_id", "frame"])
    .execute();
  await db.schema
    .createTable("customer_references")
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id"))
    .addColumn("variant_id", "integer", (c) => c.notNull().references("product_variants.id"))
    .addColumn("reference", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .addPrimaryKeyConstraint("customer_references_pk", ["customer_id", "variant_id"])
    .execute();
  await db.schema
    .createIndex("customer_references_search")
    .on("customer_references")
    .columns(["customer_id", "reference"])
    .execute();
}
