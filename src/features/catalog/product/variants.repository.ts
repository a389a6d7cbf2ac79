import type { Culture } from "~/lib/culture";
import type { Executor } from "~/server/db/client";
import { productTextIn, stockByVariant } from "~/server/db/fragments";
import { dependsOn, productTag } from "~/server/page-cache/tags";
import { attributeValueCatalogue } from "../catalog.repository";

export interface VariantRow {
  id: number;
  sku: string;
  isDefault: boolean;
  minQuantity: number;
  maxQuantity: number | null;
  stepQuantity: number;
  valueIds: number[];
  stock: number;
  tiers: { minQuantity: number; amountTaxExcl: number }[];
}

export interface AttributeRow {
  id: number;
  name: string;
  displayType: string;
  values: { id: number; name: string; colors: (string | null)[] }[];
}

/** Everything needed to choose a variant of one product: its variants and the attribute values they use. */
export async function variantMatrix(ex: Executor, productId: number, culture: Culture) {
  const product = await ex
    .selectFrom("products as p")
    .innerJoin("product_translations as t", productTextIn(culture))
    .select(["p.id", "t.name", "p.vat_class"])
    .where("p.id", "=", productId)
    .where("p.is_active", "=", 1)
    .executeTakeFirst();
  if (!product) return null;
  const variants = await ex
    .selectFrom("product_variants")
    .select(["id", "sku", "is_default", "min_quantity", "max_quantity", "step_quantity"])
    .where("product_id", "=", productId)
    .orderBy("id")
    .execute();
  const ids = variants.map((v) => v.id);
  if (ids.length === 0) return null;
  dependsOn(productTag(productId));
  const [links, stock, prices] = await Promise.all([
    ex
      .selectFrom("variant_attribute_values")
      .select(["variant_id", "attribute_value_id"])
      .where("variant_id", "in", ids)
      .execute(),
    stockByVariant(ex, ids),
    ex
      .selectFrom("prices")
      .select(["variant_id", "min_quantity", "amount_tax_excl"])
      .where("variant_id", "in", ids)
      .execute(),
  ]);
  const valueIds = [...new Set(links.map((l) => l.attribute_value_id))];
  // Names, colours and order from the attribute catalogue the facets use too (cached).
  const wanted = new Set(valueIds);
  const values = (await attributeValueCatalogue(culture)).filter((v) => wanted.has(v.id));
  const attributes: AttributeRow[] = [];
  for (const value of values) {
    let attribute = attributes.find((a) => a.id === value.attributeId);
    if (!attribute) {
      attribute = { id: value.attributeId, name: value.attributeName, displayType: value.displayType, values: [] };
      attributes.push(attribute);
    }
    attribute.values.push({ id: value.id, name: value.name, colors: value.colors });
  }
  const rows: VariantRow[] = variants.map((v) => ({
    id: v.id,
    sku: v.sku,
    isDefault: v.is_default === 1,
    minQuantity: v.min_quantity,
    maxQuantity: v.max_quantity,
    stepQuantity: v.step_quantity,
    valueIds: links.filter((l) => l.variant_id === v.id).map((l) => l.attribute_value_id),
    stock: Number(stock.find((s) => s.variant_id === v.id)?.units ?? 0),
    tiers: prices
      .filter((p) => p.variant_id === v.id)
      .map((p) => ({ minQuantity: p.min_quantity, amountTaxExcl: p.amount_tax_excl })),
  }));
  return { product: { id: product.id, name: product.name, vatClass: product.vat_class }, variants: rows, attributes };
}

export async function priceHistory(ex: Executor, variantId: number) {
  const rows = await ex
    .selectFrom("price_history")
    .select(["amount_tax_excl", "valid_from"])
    .where("variant_id", "=", variantId)
    .orderBy("valid_from")
    .execute();
  return rows.map((r) => ({ amountTaxExcl: r.amount_tax_excl, validFrom: r.valid_from }));
}

export async function variantTiers(ex: Executor, variantId: number) {
  const rows = await ex
    .selectFrom("prices as p")
    .innerJoin("product_variants as v", "v.id", "p.variant_id")
    .innerJoin("products as pr", "pr.id", "v.product_id")
    .select(["p.min_quantity", "p.amount_tax_excl", "pr.vat_class", "pr.is_active", "v.product_id"])
    .where("p.variant_id", "=", variantId)
    .orderBy("p.min_quantity")
    .execute();
  dependsOn(...new Set(rows.map((r) => productTag(r.product_id))));
  return rows.filter((r) => r.is_active === 1);
}

/** Stock of a variant of a product per warehouse; with `all`, active warehouses without stock too. */
export async function stockByWarehouse(ex: Executor, productId: number, variantId: number, all: boolean) {
  const variant = await ex
    .selectFrom("product_variants")
    .select("id")
    .where("id", "=", variantId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
  if (!variant) return null;
  dependsOn(productTag(productId));
  const rows = await ex
    .selectFrom("warehouses as w")
    .leftJoin("stock as s", (j) => j.onRef("s.warehouse_id", "=", "w.id").on("s.variant_id", "=", variantId))
    .select(["w.id", "w.name", "w.city", "s.quantity"])
    .where("w.is_active", "=", 1)
    .orderBy("w.id")
    .execute();
  return rows
    .map((r) => ({ id: r.id, name: r.name, city: r.city, quantity: r.quantity ?? 0 }))
    .filter((r) => all || r.quantity > 0);
}
