import type { Generated } from "kysely";

/** The tables the catalog feature owns (src/server/db/schema.ts assembles every feature's). */
export interface CatalogTables {
  categories: {
    id: number;
    parent_id: number | null;
    position: number;
    image_asset_id: number | null;
    /** The merchant's key of the category (a feed's `category` column). */
    code: string | null;
  };
  category_translations: { category_id: number; culture: string; name: string; slug: string; description: string };
  brands: { id: number; name: string; slug: string; logo_asset_id: number | null };
  products: {
    id: number;
    category_id: number;
    brand_id: number;
    vat_class: string;
    is_active: number;
    is_featured: number;
    unit_measure: string | null;
    unit_content_milli: number | null;
    created_at: string;
    /** The merchant's own key: what a feed upserts the product by (unique). */
    product_key: string | null;
    /** When the catalogue writer last changed it (sitemaps' lastmod, feeds); null: never since created. */
    updated_at: string | null;
    /** Apparel only (Google's gender and age_group): male, female, unisex; newborn … adult (null: not said; 031). */
    gender: Generated<string | null>;
    age_group: Generated<string | null>;
  };
  product_translations: { product_id: number; culture: string; name: string; slug: string; description: string };
  attributes: { id: number; code: string; display_type: string; position: number };
  attribute_translations: { attribute_id: number; culture: string; name: string };
  attribute_values: {
    id: number;
    attribute_id: number;
    code: string;
    position: number;
    color_code1: string | null;
    color_code2: string | null;
    color_code3: string | null;
  };
  attribute_value_translations: { attribute_value_id: number; culture: string; name: string };
  product_variants: {
    id: number;
    product_id: number;
    sku: string;
    /** EAN/GTIN (8, 12, 13 or 14 digits with a valid check digit). */
    ean: string | null;
    is_default: number;
    min_quantity: number;
    max_quantity: number | null;
    step_quantity: number;
    /** Until when its reduced price holds (a sale with an end, issue 36); the earlier price comes back then. */
    sale_ends_at: string | null;
  };
  variant_attribute_values: { variant_id: number; attribute_value_id: number };
  prices: { variant_id: number; min_quantity: number; amount_tax_excl: number };
  price_history: { id: Generated<number>; variant_id: number; amount_tax_excl: number; valid_from: string };
  warehouses: { id: number; code: string; name: string; city: string; is_active: number };
  stock: { variant_id: number; warehouse_id: number; quantity: number };
  tags: { id: number; code: string };
  tag_translations: { tag_id: number; culture: string; name: string; slug: string };
  product_tags: { product_id: number; tag_id: number };
  product_relations: { product_id: number; related_product_id: number; position: number };
  product_frames: { product_id: number; asset_id: number; frame: number };
  customer_references: { customer_id: number; variant_id: number; reference: string; updated_at: string };
  product_assets: { product_id: number; asset_id: number; attribute_value_id: number | null; position: number };
  stock_notifications: {
    id: Generated<number>;
    variant_id: number;
    email: string;
    culture: string;
    customer_id: number | null;
    created_at: string;
    notified_at: string | null;
  };
}
