import type { Culture } from "~/lib/culture";
import type { Executor } from "~/server/db/client";
import { productTextIn, stockByVariant } from "~/server/db/fragments";
import { dependsOn, productTag } from "~/server/page-cache/tags";

export interface VariantSummaryRow {
  variantId: number;
  productId: number;
  sku: string;
  name: string;
  slug: string;
  brand: string;
  vatClass: string;
  isActive: boolean;
  minQuantity: number;
  maxQuantity: number | null;
  stepQuantity: number;
  /** Base price (the smallest tier), tax excluded, cents. */
  priceTaxExcl: number;
  stock: number;
  image: string | null;
  options: string[];
}

/**
 * What a list (wishlist, birth list) shows of each variant it holds: name, options, photo, base
 * price, stock and quantity rules, in four queries whatever the number of variants.
 */
export async function variantSummaryRows(
  ex: Executor,
  culture: Culture,
  variantIds: readonly number[],
): Promise<VariantSummaryRow[]> {
  if (variantIds.length === 0) return [];
  const rows = await ex
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .innerJoin("brands as b", "b.id", "p.brand_id")
    .innerJoin("product_translations as t", productTextIn(culture))
    .select([
      "v.id",
      "v.sku",
      "v.product_id",
      "v.min_quantity",
      "v.max_quantity",
      "v.step_quantity",
      "p.vat_class",
      "p.is_active",
      "b.name as brand",
      "t.name",
      "t.slug",
    ])
    .where("v.id", "in", variantIds)
    .execute();
  const productIds = [...new Set(rows.map((r) => r.product_id))];
  dependsOn(...productIds.map(productTag));
  const [prices, stock, images, options] = await Promise.all([
    ex
      .selectFrom("prices")
      .select(["variant_id", "min_quantity", "amount_tax_excl"])
      .where("variant_id", "in", variantIds)
      .orderBy("min_quantity")
      .execute(),
    stockByVariant(ex, variantIds),
    productIds.length
      ? ex
          .selectFrom("product_assets as pa")
          .innerJoin("assets as a", "a.id", "pa.asset_id")
          .select(["pa.product_id", "a.guid"])
          .where("pa.product_id", "in", productIds)
          .where("pa.position", "=", 0)
          .execute()
      : [],
    ex
      .selectFrom("variant_attribute_values as va")
      .innerJoin("attribute_values as av", "av.id", "va.attribute_value_id")
      .innerJoin("attribute_value_translations as avt", (j) =>
        j.onRef("avt.attribute_value_id", "=", "av.id").on("avt.culture", "=", culture),
      )
      .select(["va.variant_id", "avt.name"])
      .where("va.variant_id", "in", variantIds)
      .orderBy("av.attribute_id")
      .execute(),
  ]);
  return rows.map((row) => ({
    variantId: row.id,
    productId: row.product_id,
    sku: row.sku,
    name: row.name,
    slug: row.slug,
    brand: row.brand,
    vatClass: row.vat_class,
    isActive: row.is_active === 1,
    minQuantity: row.min_quantity,
    maxQuantity: row.max_quantity,
    stepQuantity: row.step_quantity,
    priceTaxExcl: prices.find((p) => p.variant_id === row.id)?.amount_tax_excl ?? 0,
    stock: Number(stock.find((s) => s.variant_id === row.id)?.units ?? 0),
    image: images.find((i) => i.product_id === row.product_id)?.guid ?? null,
    options: options.filter((o) => o.variant_id === row.id).map((o) => o.name),
  }));
}
