import type { Culture } from "~/lib/culture";
import type { Executor } from "~/server/db/client";
import { stockByVariant } from "~/server/db/fragments";
import { runningSales, type SaleFacts } from "./sales.server";

/** One variant as a product feed lists it (features/seo): prices tax excluded, photos by guid. */
export interface FeedVariant {
  productId: number;
  productKey: string;
  name: string;
  slug: string;
  description: string;
  brand: string;
  vatClass: string;
  /** Apparel's gender and age group (Google's values), null when not said. */
  gender: string | null;
  ageGroup: string | null;
  variantId: number;
  sku: string;
  ean: string | null;
  /** The unit price tax excluded at the variant's smallest quantity. */
  priceTaxExcl: number;
  /** A running sale with an end: the price before it at that quantity, and its dates. */
  sale: { regularTaxExcl: number; startsAt: string; endsAt: string } | null;
  stock: number;
  colour: string | null;
  size: string | null;
  /** The photos that show this variant: those of its colour first, then the product's own. */
  images: string[];
}

/**
 * Every variant of the products a shopper can open in a culture (active, translated, of a brand), read
 * by batches of products in id order: six small queries a batch, whatever the catalogue's size.
 */
export async function* feedVariants(
  ex: Executor,
  culture: Culture,
  batch = 500,
  onlyProduct?: number,
): AsyncGenerator<FeedVariant[]> {
  let after = 0;
  for (;;) {
    // By id from the products (their primary key), then their texts: asked the other way round, SQLite
    // reads a culture's every translation and sorts them, 80 ms a batch on 20,000 products.
    let query = ex
      .selectFrom("products as p")
      .innerJoin("brands as b", "b.id", "p.brand_id")
      .where("p.is_active", "=", 1)
      .where("p.id", ">", after)
      .select(["p.id", "p.product_key", "b.name as brand", "p.vat_class", "p.gender", "p.age_group"]);
    if (onlyProduct !== undefined) query = query.where("p.id", "=", onlyProduct);
    const rows = await query.orderBy("p.id").limit(batch).execute();
    if (rows.length === 0) return;
    after = rows[rows.length - 1]?.id as number;
    const texts = await ex
      .selectFrom("product_translations")
      .select(["product_id", "name", "slug", "description"])
      .where("culture", "=", culture)
      .where(
        "product_id",
        "in",
        rows.map((r) => r.id),
      )
      .execute();
    const textOf = new Map(texts.map((t) => [t.product_id, t]));
    const products = rows.flatMap((r) => {
      const text = textOf.get(r.id);
      return text ? [{ ...r, name: text.name, slug: text.slug, description: text.description }] : [];
    });
    if (products.length === 0) continue;
    const ids = products.map((p) => p.id);
    const variants = await ex
      .selectFrom("product_variants")
      .select(["id", "product_id", "sku", "ean", "min_quantity"])
      .where("product_id", "in", ids)
      .orderBy("product_id")
      .orderBy("is_default", "desc")
      .orderBy("id")
      .execute();
    const variantIds = variants.map((v) => v.id);
    if (variantIds.length === 0) continue;
    const [prices, stock, values, images, sales] = await Promise.all([
      ex
        .selectFrom("prices")
        .select(["variant_id", "min_quantity", "amount_tax_excl"])
        .where("variant_id", "in", variantIds)
        .orderBy("min_quantity")
        .execute(),
      stockByVariant(ex, variantIds),
      ex
        .selectFrom("variant_attribute_values as va")
        .innerJoin("attribute_values as v", "v.id", "va.attribute_value_id")
        .innerJoin("attributes as a", "a.id", "v.attribute_id")
        .innerJoin("attribute_value_translations as vt", (j) =>
          j.onRef("vt.attribute_value_id", "=", "v.id").on("vt.culture", "=", culture),
        )
        .select(["va.variant_id", "va.attribute_value_id", "a.code", "vt.name"])
        .where("va.variant_id", "in", variantIds)
        .execute(),
      ex
        .selectFrom("product_assets as pa")
        .innerJoin("assets as a", "a.id", "pa.asset_id")
        .select(["pa.product_id", "pa.attribute_value_id", "a.guid"])
        .where("pa.product_id", "in", ids)
        .orderBy("pa.product_id")
        .orderBy("pa.position")
        .execute(),
      runningSales(ex, variantIds),
    ]);
    const byProduct = new Map(products.map((p) => [p.id, p]));
    // Grouped once: a batch holds thousands of variants, and a lookup per variant must not scan them all.
    const group = <T, K>(rows: T[], key: (row: T) => K) => {
      const map = new Map<K, T[]>();
      for (const row of rows) {
        const list = map.get(key(row));
        if (list) list.push(row);
        else map.set(key(row), [row]);
      }
      return map;
    };
    const tiersOf = group(prices, (p) => p.variant_id);
    const valuesOf = group(values, (x) => x.variant_id);
    const photosOf = group(images, (i) => i.product_id);
    const unitsOf = new Map(stock.map((s) => [s.variant_id, Number(s.units ?? 0)]));
    const out: FeedVariant[] = [];
    for (const v of variants) {
      const product = byProduct.get(v.product_id);
      const tiers = tiersOf.get(v.id) ?? [];
      if (!product || tiers.length === 0) continue;
      const quantity = Math.max(1, v.min_quantity);
      const tier = tiers.filter((p) => p.min_quantity <= quantity).at(-1) ?? tiers[0];
      const own = valuesOf.get(v.id) ?? [];
      const valueIds = new Set(own.map((x) => x.attribute_value_id));
      const photos = photosOf.get(v.product_id) ?? [];
      out.push({
        productId: product.id,
        productKey: product.product_key ?? `P${product.id}`,
        name: product.name,
        slug: product.slug,
        description: product.description,
        brand: product.brand,
        vatClass: product.vat_class,
        gender: product.gender,
        ageGroup: product.age_group,
        variantId: v.id,
        sku: v.sku,
        ean: v.ean,
        priceTaxExcl: tier?.amount_tax_excl ?? 0,
        sale: saleAt(
          sales.get(v.id),
          tier?.amount_tax_excl ?? 0,
          tiers.find((p) => p.min_quantity === 1)?.amount_tax_excl,
        ),
        stock: unitsOf.get(v.id) ?? 0,
        colour: own.find((x) => x.code === "colour")?.name ?? null,
        size: own.find((x) => x.code === "size")?.name ?? null,
        images: [
          ...photos.filter((i) => i.attribute_value_id !== null && valueIds.has(i.attribute_value_id)),
          ...photos.filter((i) => i.attribute_value_id === null),
        ].map((i) => i.guid),
      });
    }
    yield out;
    if (onlyProduct !== undefined) return;
  }
}

/** A sale at the feed's quantity: the regular price in proportion when that quantity has a tier of its own. */
function saleAt(sale: SaleFacts | undefined, price: number, unit: number | undefined) {
  if (!sale) return null;
  const regular = unit && unit !== price ? Math.round((sale.regularTaxExcl * price) / unit) : sale.regularTaxExcl;
  return { regularTaxExcl: regular, startsAt: sale.startsAt, endsAt: sale.endsAt };
}
