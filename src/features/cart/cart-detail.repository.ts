import { PREPAID_MAX_UNITS } from "~/features/prepaid/prepaid";
import type { Culture } from "~/lib/culture";
import type { Executor } from "~/server/db/client";
import { productTextIn, stockByVariant } from "~/server/db/fragments";
import type { Database } from "~/server/db/schema";
import { dependsOn, productTag } from "~/server/page-cache/tags";

export type CartRow = Database["carts"] & { id: number };

export async function cartRow(ex: Executor, cartId: number): Promise<CartRow | undefined> {
  return (await ex.selectFrom("carts").selectAll().where("id", "=", cartId).executeTakeFirst()) as CartRow | undefined;
}

/** What a cart's lines are, in a few columns: enough to tell one content of a cart from another. */
export async function cartLineKeys(ex: Executor, cartId: number) {
  return ex
    .selectFrom("cart_lines")
    .select(["id", "variant_id", "quantity", "item_origin", "item_key", "prepaid_account_id"])
    .where("cart_id", "=", cartId)
    .orderBy("id")
    .execute();
}

export interface DetailedLineRow {
  id: number;
  variant_id: number;
  quantity: number;
  item_origin: string;
  item_key: string;
  /** A top-up of this prepaid account: no stock, no shipping, no VAT. */
  prepaid_account_id: number | null;
  sku: string;
  product_id: number;
  category_id: number;
  brand_id: number;
  brand: string;
  vat_class: string;
  min_quantity: number;
  max_quantity: number | null;
  step_quantity: number;
  name: string;
  slug: string;
  stock: number;
  tiers: { minQuantity: number; amountTaxExcl: number }[];
  image: string | null;
  options: string[];
}

/** The cart's lines with what the cart page shows and what the money rules need, oldest first. */
export async function detailedLines(ex: Executor, cartId: number, culture: Culture): Promise<DetailedLineRow[]> {
  const rows = await ex
    .selectFrom("cart_lines as l")
    .innerJoin("product_variants as v", "v.id", "l.variant_id")
    .innerJoin("products as p", "p.id", "v.product_id")
    .innerJoin("brands as b", "b.id", "p.brand_id")
    .innerJoin("product_translations as t", productTextIn(culture))
    .select([
      "l.id",
      "l.variant_id",
      "l.quantity",
      "l.item_origin",
      "l.item_key",
      "l.prepaid_account_id",
      "v.sku",
      "v.product_id",
      "v.min_quantity",
      "v.max_quantity",
      "v.step_quantity",
      "p.category_id",
      "p.brand_id",
      "p.vat_class",
      "b.name as brand",
      "t.name",
      "t.slug",
    ])
    .where("l.cart_id", "=", cartId)
    .orderBy("l.id")
    .execute();
  if (rows.length === 0) return [];
  const variantIds = [...new Set(rows.map((r) => r.variant_id))];
  const productIds = [...new Set(rows.map((r) => r.product_id))];
  dependsOn(...productIds.map(productTag));
  const [tiers, stock, images, options] = await Promise.all([
    ex
      .selectFrom("prices")
      .select(["variant_id", "min_quantity", "amount_tax_excl"])
      .where("variant_id", "in", variantIds)
      .execute(),
    stockByVariant(ex, variantIds),
    ex
      .selectFrom("product_assets as pa")
      .innerJoin("assets as a", "a.id", "pa.asset_id")
      .select(["pa.product_id", "a.guid"])
      .where("pa.product_id", "in", productIds)
      .where("pa.position", "=", 0)
      .execute(),
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
    ...row,
    // Prepaid credit is a service: no shelf limits it (its quantity rule does).
    stock:
      row.prepaid_account_id !== null
        ? PREPAID_MAX_UNITS
        : Number(stock.find((s) => s.variant_id === row.variant_id)?.units ?? 0),
    tiers: tiers
      .filter((t) => t.variant_id === row.variant_id)
      .map((t) => ({ minQuantity: t.min_quantity, amountTaxExcl: t.amount_tax_excl })),
    image: images.find((i) => i.product_id === row.product_id)?.guid ?? null,
    options: options.filter((o) => o.variant_id === row.variant_id).map((o) => o.name),
  }));
}

/** A line of this cart, or undefined (another cart's line is not found). */
export async function cartLine(ex: Executor, cartId: number, lineId: number) {
  return ex
    .selectFrom("cart_lines")
    .selectAll()
    .where("cart_id", "=", cartId)
    .where("id", "=", lineId)
    .executeTakeFirst();
}

export async function setLineQuantity(ex: Executor, cartId: number, lineId: number, quantity: number): Promise<void> {
  const now = new Date().toISOString();
  await ex.transaction().execute(async (trx) => {
    if (quantity <= 0)
      await trx.deleteFrom("cart_lines").where("cart_id", "=", cartId).where("id", "=", lineId).execute();
    else
      await trx
        .updateTable("cart_lines")
        .set({ quantity })
        .where("cart_id", "=", cartId)
        .where("id", "=", lineId)
        .execute();
    await trx.updateTable("carts").set({ updated_at: now }).where("id", "=", cartId).execute();
  });
}

/** Removes every line of one product (all its variants and origins). */
export async function deleteProductLines(ex: Executor, cartId: number, productId: number): Promise<number> {
  const ids = await ex
    .selectFrom("cart_lines as l")
    .innerJoin("product_variants as v", "v.id", "l.variant_id")
    .select("l.id")
    .where("l.cart_id", "=", cartId)
    .where("v.product_id", "=", productId)
    .execute();
  if (ids.length === 0) return 0;
  await ex
    .deleteFrom("cart_lines")
    .where(
      "id",
      "in",
      ids.map((r) => r.id),
    )
    .execute();
  return ids.length;
}

export type CartSettings = Partial<
  Pick<
    Database["carts"],
    | "shipping_method_id"
    | "shipping_country_id"
    | "billing_country_id"
    | "coupon_id"
    | "vat_number"
    | "vat_valid"
    | "pickup_point"
    | "adjustments"
    | "city_id"
  >
>;

export async function updateCart(ex: Executor, cartId: number, settings: CartSettings): Promise<void> {
  await ex
    .updateTable("carts")
    .set({ ...settings, updated_at: new Date().toISOString() })
    .where("id", "=", cartId)
    .execute();
}

/** Empties a cart whose order was placed (inside the order's transaction); the cart row stays for the shopper. */
export async function emptyOrderedCart(ex: Executor, cartId: number, at: string): Promise<void> {
  await ex.deleteFrom("cart_lines").where("cart_id", "=", cartId).execute();
  await ex
    .updateTable("carts")
    .set({ coupon_id: null, pickup_point: null, updated_at: at })
    .where("id", "=", cartId)
    .execute();
}
