import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from "kysely";
import type { Dialect } from "./index";

type Table = CreateTableBuilder<string, never>;

/** An auto-generated integer key: `serial` on PostgreSQL, `integer primary key autoincrement` on SQLite. */
function autoId(table: Table, dialect: Dialect): Table {
  return dialect === "postgres"
    ? table.addColumn("id", "serial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export async function m001_foundation(anyDb: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  const s = db.schema;

  await s
    .createTable("asset_folders")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("parent_id", "integer", (c) => c.references("asset_folders.id"))
    .addColumn("name", "text", notNull)
    .addColumn("item_level", "integer", notNull)
    .execute();

  await s
    .createTable("assets")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("guid", "text", (c) => c.notNull().unique())
    .addColumn("folder_id", "integer", (c) => c.notNull().references("asset_folders.id"))
    .addColumn("name", "text", notNull)
    .addColumn("original_file_name", "text", notNull)
    .addColumn("mime_type", "text", notNull)
    .addColumn("width", "integer", notNull)
    .addColumn("height", "integer", notNull)
    .addColumn("size", "integer", notNull)
    .addColumn("storage_key", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .execute();

  await s
    .createTable("categories")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("parent_id", "integer", (c) => c.references("categories.id"))
    .addColumn("position", "integer", notNull)
    .addColumn("image_asset_id", "integer", (c) => c.references("assets.id"))
    .execute();
  await s
    .createTable("category_translations")
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id"))
    .addColumn("culture", "text", notNull)
    .addColumn("name", "text", notNull)
    .addColumn("slug", "text", notNull)
    .addColumn("description", "text", notNull)
    .addPrimaryKeyConstraint("category_translations_pk", ["category_id", "culture"])
    .addUniqueConstraint("category_translations_slug", ["culture", "slug"])
    .execute();

  await s
    .createTable("brands")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("name", "text", notNull)
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .execute();

  await s
    .createTable("products")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id"))
    .addColumn("brand_id", "integer", (c) => c.notNull().references("brands.id"))
    .addColumn("vat_class", "text", notNull)
    .addColumn("is_active", "integer", notNull)
    .addColumn("is_featured", "integer", notNull)
    .addColumn("unit_measure", "text")
    .addColumn("unit_content_milli", "integer")
    .addColumn("created_at", "text", notNull)
    .execute();
  await s.createIndex("products_category").on("products").columns(["category_id", "is_active"]).execute();
  await s.createIndex("products_brand").on("products").column("brand_id").execute();
  await s
    .createTable("product_translations")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
    .addColumn("culture", "text", notNull)
    .addColumn("name", "text", notNull)
    .addColumn("slug", "text", notNull)
    .addColumn("description", "text", notNull)
    .addPrimaryKeyConstraint("product_translations_pk", ["product_id", "culture"])
    .addUniqueConstraint("product_translations_slug", ["culture", "slug"])
    .execute();

  await s
    .createTable("attributes")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("display_type", "text", notNull)
    .addColumn("position", "integer", notNull)
    .execute();
  await s
    .createTable("attribute_translations")
    .addColumn("attribute_id", "integer", (c) => c.notNull().references("attributes.id"))
    .addColumn("culture", "text", notNull)
    .addColumn("name", "text", notNull)
    .addPrimaryKeyConstraint("attribute_translations_pk", ["attribute_id", "culture"])
    .execute();
  await s
    .createTable("attribute_values")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("attribute_id", "integer", (c) => c.notNull().references("attributes.id"))
    .addColumn("code", "text", notNull)
    .addColumn("position", "integer", notNull)
    .addColumn("color_code1", "text")
    .addColumn("color_code2", "text")
    .addColumn("color_code3", "text")
    .execute();
  await s
    .createTable("attribute_value_translations")
    .addColumn("attribute_value_id", "integer", (c) => c.notNull().references("attribute_values.id"))
    .addColumn("culture", "text", notNull)
    .addColumn("name", "text", notNull)
    .addPrimaryKeyConstraint("attribute_value_translations_pk", ["attribute_value_id", "culture"])
    .execute();

  await s
    .createTable("product_variants")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
    .addColumn("sku", "text", (c) => c.notNull().unique())
    .addColumn("is_default", "integer", notNull)
    .addColumn("min_quantity", "integer", notNull)
    .addColumn("max_quantity", "integer")
    .addColumn("step_quantity", "integer", notNull)
    .execute();
  await s.createIndex("product_variants_product").on("product_variants").column("product_id").execute();
  await s
    .createTable("variant_attribute_values")
    .addColumn("variant_id", "integer", (c) => c.notNull().references("product_variants.id"))
    .addColumn("attribute_value_id", "integer", (c) => c.notNull().references("attribute_values.id"))
    .addPrimaryKeyConstraint("variant_attribute_values_pk", ["variant_id", "attribute_value_id"])
    .execute();
  await s
    .createIndex("variant_attribute_values_value")
    .on("variant_attribute_values")
    .column("attribute_value_id")
    .execute();

  await s
    .createTable("prices")
    .addColumn("variant_id", "integer", (c) => c.notNull().references("product_variants.id"))
    .addColumn("min_quantity", "integer", notNull)
    .addColumn("amount_tax_excl", "integer", notNull)
    .addPrimaryKeyConstraint("prices_pk", ["variant_id", "min_quantity"])
    .execute();
  await autoId(s.createTable("price_history") as Table, dialect)
    .addColumn("variant_id", "integer", (c) => c.notNull().references("product_variants.id"))
    .addColumn("amount_tax_excl", "integer", notNull)
    .addColumn("valid_from", "text", notNull)
    .execute();
  await s.createIndex("price_history_variant").on("price_history").columns(["variant_id", "valid_from"]).execute();

  await s
    .createTable("countries")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("is_eu", "integer", notNull)
    .addColumn("is_shipping_enabled", "integer", notNull)
    .addColumn("position", "integer", notNull)
    .execute();
  await s
    .createTable("vat_rates")
    .addColumn("country_id", "integer", (c) => c.notNull().references("countries.id"))
    .addColumn("vat_class", "text", notNull)
    .addColumn("rate_basis_points", "integer", notNull)
    .addPrimaryKeyConstraint("vat_rates_pk", ["country_id", "vat_class"])
    .execute();

  await s
    .createTable("warehouses")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", notNull)
    .addColumn("city", "text", notNull)
    .addColumn("is_active", "integer", notNull)
    .execute();
  await s
    .createTable("stock")
    .addColumn("variant_id", "integer", (c) => c.notNull().references("product_variants.id"))
    .addColumn("warehouse_id", "integer", (c) => c.notNull().references("warehouses.id"))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sqlNonNegative()))
    .addPrimaryKeyConstraint("stock_pk", ["variant_id", "warehouse_id"])
    .execute();

  await s
    .createTable("product_assets")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
    .addColumn("asset_id", "integer", (c) => c.notNull().references("assets.id"))
    .addColumn("attribute_value_id", "integer", (c) => c.references("attribute_values.id"))
    .addColumn("position", "integer", notNull)
    .addPrimaryKeyConstraint("product_assets_pk", ["product_id", "asset_id"])
    .execute();

  await autoId(s.createTable("customers") as Table, dialect)
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", notNull)
    .addColumn("first_name", "text", notNull)
    .addColumn("last_name", "text", notNull)
    .addColumn("culture", "text", notNull)
    .addColumn("is_business", "integer", notNull)
    .addColumn("company_name", "text")
    .addColumn("vat_number", "text")
    .addColumn("role", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .execute();

  await s
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("customer_id", "integer", (c) => c.references("customers.id"))
    .addColumn("data", "text", notNull)
    .addColumn("expires_at", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .execute();
  await s.createIndex("sessions_expires").on("sessions").column("expires_at").execute();

  await s
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("window_start", "text", notNull)
    .addColumn("hits", "integer", notNull)
    .execute();

  await autoId(s.createTable("carts") as Table, dialect)
    .addColumn("session_id", "text", (c) => c.unique())
    .addColumn("customer_id", "integer", (c) => c.references("customers.id"))
    .addColumn("shipping_country_id", "integer", (c) => c.references("countries.id"))
    .addColumn("billing_country_id", "integer", (c) => c.references("countries.id"))
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();
  await s.createIndex("carts_customer").on("carts").column("customer_id").execute();
  await autoId(s.createTable("cart_lines") as Table, dialect)
    .addColumn("cart_id", "integer", (c) => c.notNull().references("carts.id").onDelete("cascade"))
    .addColumn("variant_id", "integer", (c) => c.notNull().references("product_variants.id"))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sqlPositive()))
    .addColumn("item_origin", "text", notNull)
    .addColumn("item_key", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .addUniqueConstraint("cart_lines_unique", ["cart_id", "variant_id", "item_origin", "item_key"])
    .execute();
}

function sqlNonNegative() {
  return sql`quantity >= 0`;
}
function sqlPositive() {
  return sql`quantity > 0`;
}
