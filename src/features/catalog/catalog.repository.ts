import { type ExpressionBuilder, sql } from "kysely";
import { vatCountryCode } from "~/features/pricing/price-country.server";
import type { Culture } from "~/lib/culture";
import { memoize, memoizePublic, REFERENCE_TTL_MS } from "~/server/cache";
import { db, type Executor } from "~/server/db/client";
import { productTextIn } from "~/server/db/fragments";
import type { Database } from "~/server/db/schema";
import { dependsOn, LISTS_TAG, productTag } from "~/server/page-cache/tags";
import type { ProductCard, Sort } from "./catalog";

export interface CategoryNode {
  id: number;
  parentId: number | null;
  name: string;
  slug: string;
  description: string;
}

/** The category tree in a culture (kept a minute in memory: every page's navigation reads it). */
export const categories = memoize(REFERENCE_TTL_MS, async (culture: Culture): Promise<CategoryNode[]> => {
  const rows = await db()
    .selectFrom("categories as c")
    .innerJoin("category_translations as t", (j) => j.onRef("t.category_id", "=", "c.id").on("t.culture", "=", culture))
    .select(["c.id", "c.parent_id", "t.name", "t.slug", "t.description"])
    .orderBy("c.position")
    .execute();
  return rows.map((r) => ({ id: r.id, parentId: r.parent_id, name: r.name, slug: r.slug, description: r.description }));
});

/** A category's, product's or tag's slug in every culture, for hreflang and the language switch. */
export async function translatedSlugs(
  ex: Executor,
  entity: "category" | "product" | "tag",
  id: number,
): Promise<Partial<Record<Culture, string>>> {
  const rows =
    entity === "category"
      ? await ex.selectFrom("category_translations").select(["culture", "slug"]).where("category_id", "=", id).execute()
      : entity === "tag"
        ? await ex.selectFrom("tag_translations").select(["culture", "slug"]).where("tag_id", "=", id).execute()
        : await ex
            .selectFrom("product_translations")
            .select(["culture", "slug"])
            .where("product_id", "=", id)
            .execute();
  return Object.fromEntries(rows.map((r) => [r.culture, r.slug]));
}

export async function brandBySlug(ex: Executor, slug: string) {
  return ex.selectFrom("brands").select(["id", "name", "slug"]).where("slug", "=", slug).executeTakeFirst();
}

export async function tagBySlug(ex: Executor, culture: Culture, slug: string) {
  return ex
    .selectFrom("tag_translations")
    .select(["tag_id as id", "name", "slug"])
    .where("culture", "=", culture)
    .where("slug", "=", slug)
    .executeTakeFirst();
}

export async function productTags(ex: Executor, culture: Culture, productId: number) {
  return ex
    .selectFrom("product_tags as pt")
    .innerJoin("tag_translations as t", (j) => j.onRef("t.tag_id", "=", "pt.tag_id").on("t.culture", "=", culture))
    .select(["t.name", "t.slug"])
    .where("pt.product_id", "=", productId)
    .orderBy("t.name")
    .execute();
}

/** Products related to a product, in their order (the product page's related products). */
export async function relatedProductIds(ex: Executor, productId: number): Promise<number[]> {
  const rows = await ex
    .selectFrom("product_relations")
    .select("related_product_id")
    .where("product_id", "=", productId)
    .orderBy("position")
    .execute();
  return rows.map((r) => r.related_product_id);
}

export async function firstProductWithFrames(ex: Executor): Promise<number | undefined> {
  const row = await ex
    .selectFrom("product_frames")
    .select((eb) => eb.fn.min<number>("product_id").as("id"))
    .executeTakeFirst();
  return row?.id ?? undefined;
}

/** The frames of a product's 360-degree view, in order. */
export async function productFrames(ex: Executor, productId: number): Promise<string[]> {
  const rows = await ex
    .selectFrom("product_frames as f")
    .innerJoin("assets as a", "a.id", "f.asset_id")
    .select("a.guid")
    .where("f.product_id", "=", productId)
    .orderBy("f.frame")
    .execute();
  return rows.map((r) => r.guid);
}

export interface ProductFilter {
  categoryIds?: number[];
  productIds?: number[];
  featured?: boolean;
  /** Plain text search on the name in the culture. */
  text?: string;
  brandIds?: number[];
  tagIds?: number[];
  /** Attribute id -> value ids: a product qualifies with one of the values of every listed attribute. */
  attributeValues?: Record<string, number[]>;
  /** Lowest unit price, tax excluded, in cents. */
  priceMinTaxExcl?: number;
  priceMaxTaxExcl?: number;
  inStock?: boolean;
}

/** The lowest single-unit price of a product, tax excluded (a correlated subquery for filters and sorting). */
function minPrice(eb: ExpressionBuilder<Database & { p: Database["products"] }, "p">) {
  return eb
    .selectFrom("prices as pr")
    .innerJoin("product_variants as pv", "pv.id", "pr.variant_id")
    .select((e) => e.fn.min<number>("pr.amount_tax_excl").as("m"))
    .whereRef("pv.product_id", "=", "p.id")
    .where("pr.min_quantity", "=", 1);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Active products matching a filter; names are joined only by the queries that show them. */
function filtered(ex: Executor, culture: Culture, filter: ProductFilter) {
  // Which products a list holds, their order and facets follow stock and prices (decision 057).
  dependsOn(LISTS_TAG);
  let query = ex.selectFrom("products as p").where("p.is_active", "=", 1);
  if (filter.categoryIds?.length) query = query.where("p.category_id", "in", filter.categoryIds);
  if (filter.productIds?.length) query = query.where("p.id", "in", filter.productIds);
  if (filter.featured) query = query.where("p.is_featured", "=", 1);
  if (filter.text) {
    const pattern = `%${escapeLike(filter.text.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("product_translations as tt")
          .select("tt.product_id")
          .whereRef("tt.product_id", "=", "p.id")
          .where("tt.culture", "=", culture)
          .where(sql<boolean>`lower(tt.name) like ${pattern} escape '\\'`),
      ),
    );
  }
  if (filter.brandIds?.length) query = query.where("p.brand_id", "in", filter.brandIds);
  if (filter.tagIds?.length) {
    const tagIds = filter.tagIds;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("product_tags as pt")
          .select("pt.tag_id")
          .whereRef("pt.product_id", "=", "p.id")
          .where("pt.tag_id", "in", tagIds),
      ),
    );
  }
  for (const valueIds of Object.values(filter.attributeValues ?? {})) {
    if (!valueIds.length) continue;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("product_variants as fv")
          .innerJoin("variant_attribute_values as fl", "fl.variant_id", "fv.id")
          .select("fv.id")
          .whereRef("fv.product_id", "=", "p.id")
          .where("fl.attribute_value_id", "in", valueIds),
      ),
    );
  }
  if (filter.priceMinTaxExcl !== undefined)
    query = query.where((eb) => eb(minPrice(eb), ">=", filter.priceMinTaxExcl as number));
  if (filter.priceMaxTaxExcl !== undefined)
    query = query.where((eb) => eb(minPrice(eb), "<=", filter.priceMaxTaxExcl as number));
  if (filter.inStock) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("stock as st")
          .innerJoin("product_variants as sv", "sv.id", "st.variant_id")
          .select("st.variant_id")
          .whereRef("sv.product_id", "=", "p.id")
          .where("st.quantity", ">", 0),
      ),
    );
  }
  return query;
}

export async function countProducts(ex: Executor, culture: Culture, filter: ProductFilter): Promise<number> {
  const row = await filtered(ex, culture, filter)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One page of product cards; prices, photos and stock are fetched for that page only. */
export async function productCards(
  ex: Executor,
  culture: Culture,
  filter: ProductFilter,
  page: { offset: number; limit: number },
  sort: Sort = "featured",
): Promise<ProductCard[]> {
  let query = filtered(ex, culture, filter)
    .innerJoin("product_translations as t", productTextIn(culture))
    .innerJoin("brands as b", "b.id", "p.brand_id")
    .innerJoin("category_translations as ct", (j) =>
      j.onRef("ct.category_id", "=", "p.category_id").on("ct.culture", "=", culture),
    )
    .select(["p.id", "t.name", "t.slug", "b.name as brand", "ct.name as category"]);
  if (sort === "name") query = query.orderBy("t.name");
  else if (sort === "price-asc") query = query.orderBy((eb) => minPrice(eb), "asc");
  else if (sort === "price-desc") query = query.orderBy((eb) => minPrice(eb), "desc");
  else if (sort === "newest") query = query.orderBy("p.created_at", "desc");
  else query = query.orderBy("p.is_featured", "desc");
  const rows = await query.orderBy("p.id").offset(page.offset).limit(page.limit).execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  dependsOn(...ids.map(productTag));
  const [variants, images, stock] = await Promise.all([
    ex
      .selectFrom("product_variants as v")
      .innerJoin("prices as pr", (j) => j.onRef("pr.variant_id", "=", "v.id").on("pr.min_quantity", "=", 1))
      .select(["v.id", "v.product_id", "v.is_default", "v.sku", "v.min_quantity", "pr.amount_tax_excl"])
      .where("v.product_id", "in", ids)
      .execute(),
    ex
      .selectFrom("product_assets as pa")
      .innerJoin("assets as a", "a.id", "pa.asset_id")
      .select(["pa.product_id", "a.guid"])
      .where("pa.product_id", "in", ids)
      .where("pa.position", "=", 0)
      .execute(),
    ex
      .selectFrom("stock as s")
      .innerJoin("product_variants as v", "v.id", "s.variant_id")
      .select(["v.product_id", (eb) => eb.fn.sum<number | string>("s.quantity").as("units")])
      .where("v.product_id", "in", ids)
      .groupBy("v.product_id")
      .execute(),
  ]);
  return rows.map((row) => {
    const own = variants.filter((v) => v.product_id === row.id);
    const prices = own.map((v) => v.amount_tax_excl);
    const image = images.find((i) => i.product_id === row.id);
    const main = own.find((v) => v.is_default === 1) ?? own[0];
    return {
      id: row.id,
      defaultVariantId: main?.id ?? 0,
      defaultSku: main?.sku ?? "",
      defaultMinQuantity: main?.min_quantity ?? 1,
      hasVariations: own.length > 1,
      name: row.name,
      slug: row.slug,
      brand: row.brand,
      category: row.category,
      priceTaxExcl: Math.min(...prices),
      priceVaries: new Set(prices).size > 1,
      image: image ? { guid: image.guid, alt: row.name } : null,
      inStock: Number(stock.find((s) => s.product_id === row.id)?.units ?? 0) > 0,
    };
  });
}

/** A VAT rate, kept while the public version holds: a rate the owner changes is in the next page's prices. */
export const vatRate = memoizePublic(async (countryCode: string, vatClass?: string): Promise<number> => {
  // Without the One-Stop Shop, an EU consumer pays the shop's own country's rates.
  const country = await db()
    .selectFrom("countries")
    .select(["code", "is_eu"])
    .where("code", "=", countryCode)
    .executeTakeFirst();
  if (country) countryCode = vatCountryCode({ code: country.code, isEu: country.is_eu === 1 });
  const row = await db()
    .selectFrom("vat_rates as r")
    .innerJoin("countries as c", "c.id", "r.country_id")
    .select("r.rate_basis_points")
    .where("c.code", "=", countryCode)
    .where("r.vat_class", "=", vatClass ?? "standard")
    .executeTakeFirst();
  return row?.rate_basis_points ?? 0;
});

export interface ProductDetail {
  id: number;
  name: string;
  slug: string;
  description: string;
  brand: string;
  brandSlug: string;
  categoryId: number;
  unitMeasure: string | null;
  unitContentMilli: number | null;
}

export async function productBySlug(ex: Executor, culture: Culture, slug: string): Promise<ProductDetail | undefined> {
  return findProduct(ex, culture, { slug });
}

export async function productById(ex: Executor, culture: Culture, id: number): Promise<ProductDetail | undefined> {
  return findProduct(ex, culture, { id });
}

async function findProduct(
  ex: Executor,
  culture: Culture,
  by: { slug: string } | { id: number },
): Promise<ProductDetail | undefined> {
  let query = ex
    .selectFrom("product_translations as t")
    .innerJoin("products as p", "p.id", "t.product_id")
    .innerJoin("brands as b", "b.id", "p.brand_id")
    .select([
      "p.id",
      "t.name",
      "t.slug",
      "t.description",
      "b.name as brand",
      "b.slug as brand_slug",
      "p.category_id",
      "p.unit_measure",
      "p.unit_content_milli",
    ])
    .where("t.culture", "=", culture)
    .where("p.is_active", "=", 1);
  query = "slug" in by ? query.where("t.slug", "=", by.slug) : query.where("p.id", "=", by.id);
  const row = await query.executeTakeFirst();
  return row
    ? {
        id: row.id,
        name: row.name,
        slug: row.slug,
        description: row.description,
        brand: row.brand,
        brandSlug: row.brand_slug,
        categoryId: row.category_id,
        unitMeasure: row.unit_measure,
        unitContentMilli: row.unit_content_milli,
      }
    : undefined;
}

/** A product's photos in order, each with the colour (attribute value) it shows, if any. */
export async function productImages(
  ex: Executor,
  productId: number,
): Promise<{ guid: string; valueId: number | null }[]> {
  const rows = await ex
    .selectFrom("product_assets as pa")
    .innerJoin("assets as a", "a.id", "pa.asset_id")
    .select(["a.guid", "pa.attribute_value_id"])
    .where("pa.product_id", "=", productId)
    .orderBy("pa.position")
    .execute();
  return rows.map((r) => ({ guid: r.guid, valueId: r.attribute_value_id }));
}

export async function assetByGuid(ex: Executor, guid: string) {
  return ex.selectFrom("assets").select(["storage_key", "mime_type"]).where("guid", "=", guid).executeTakeFirst();
}

/** Every attribute value with its attribute, in display order (kept a minute in memory). */
export const attributeValueCatalogue = memoize(REFERENCE_TTL_MS, async (culture: Culture) => {
  const rows = await db()
    .selectFrom("attribute_values as av")
    .innerJoin("attribute_value_translations as avt", (j) =>
      j.onRef("avt.attribute_value_id", "=", "av.id").on("avt.culture", "=", culture),
    )
    .innerJoin("attributes as a", "a.id", "av.attribute_id")
    .innerJoin("attribute_translations as at", (j) =>
      j.onRef("at.attribute_id", "=", "a.id").on("at.culture", "=", culture),
    )
    .select([
      "a.id as attributeId",
      "at.name as attributeName",
      "a.display_type as displayType",
      "av.id",
      "avt.name",
      "av.color_code1",
      "av.color_code2",
      "av.color_code3",
    ])
    .orderBy("a.position")
    .orderBy("av.position")
    .orderBy("av.id")
    .execute();
  return rows.map((v) => ({
    attributeId: v.attributeId,
    attributeName: v.attributeName,
    displayType: v.displayType,
    id: v.id,
    name: v.name,
    colors: [v.color_code1, v.color_code2, v.color_code3].filter((c): c is string => Boolean(c)),
  }));
});

/** Facet counts on the current result set: products per brand and per attribute value. */
export async function facetCounts(ex: Executor, culture: Culture, filter: ProductFilter) {
  const ids = filtered(ex, culture, filter).select("p.id");
  const [brands, values, prices] = await Promise.all([
    ex
      .selectFrom("products as p")
      .innerJoin("brands as b", "b.id", "p.brand_id")
      .select(["b.id", "b.name", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("p.id", "in", ids)
      .groupBy(["b.id", "b.name"])
      .orderBy("b.name")
      .execute(),
    // Counts only; names, colours and order come from the (cached) attribute catalogue.
    ex
      .selectFrom("variant_attribute_values as l")
      .innerJoin("product_variants as v", "v.id", "l.variant_id")
      .select(["l.attribute_value_id", (eb) => eb.fn.count<number | string>("v.product_id").distinct().as("n")])
      .where("v.product_id", "in", ids)
      .groupBy("l.attribute_value_id")
      .execute(),
    ex
      .selectFrom("prices as pr")
      .innerJoin("product_variants as v", "v.id", "pr.variant_id")
      .select([
        (eb) => eb.fn.min<number>("pr.amount_tax_excl").as("min"),
        (eb) => eb.fn.max<number>("pr.amount_tax_excl").as("max"),
      ])
      .where("pr.min_quantity", "=", 1)
      .where("v.product_id", "in", ids)
      .executeTakeFirst(),
  ]);
  const counts = new Map(values.map((v) => [v.attribute_value_id, Number(v.n)]));
  return {
    brands: brands.map((b) => ({ id: b.id, name: b.name, count: Number(b.n) })),
    values: (await attributeValueCatalogue(culture))
      .filter((v) => counts.has(v.id))
      .map((v) => ({ ...v, count: counts.get(v.id) as number })),
    priceRangeTaxExcl: prices?.min == null ? null : { min: Number(prices.min), max: Number(prices.max) },
  };
}

export const allBrands = memoize(REFERENCE_TTL_MS, () =>
  db()
    .selectFrom("brands as b")
    .leftJoin("assets as a", "a.id", "b.logo_asset_id")
    .select(["b.id", "b.name", "b.slug", "a.guid as logoGuid"])
    .orderBy("b.name")
    .execute(),
);

/** A variant's EAN/GTIN, or null. */
export async function variantEan(ex: Executor, variantId: number): Promise<string | null> {
  const row = await ex.selectFrom("product_variants").select("ean").where("id", "=", variantId).executeTakeFirst();
  return row?.ean ?? null;
}
