import type { Culture } from "../../../lib/culture";
import type { Executor } from "../../../server/db/client";

/** Variant, product name and slug in a culture, if the variant belongs to the product. */
export function notificationTarget(ex: Executor, productId: number, variantId: number, culture: Culture) {
  return ex
    .selectFrom("product_variants as v")
    .innerJoin("product_translations as t", (j) =>
      j.onRef("t.product_id", "=", "v.product_id").on("t.culture", "=", culture),
    )
    .select(["v.id", "v.sku", "t.name", "t.slug"])
    .where("v.id", "=", variantId)
    .where("v.product_id", "=", productId)
    .executeTakeFirst();
}

export function pendingSubscription(ex: Executor, variantId: number, email: string) {
  return ex
    .selectFrom("stock_notifications")
    .select("id")
    .where("variant_id", "=", variantId)
    .where("email", "=", email)
    .where("notified_at", "is", null)
    .executeTakeFirst();
}

export async function insertSubscription(
  ex: Executor,
  row: { variantId: number; email: string; culture: Culture; customerId: number | null },
): Promise<void> {
  await ex
    .insertInto("stock_notifications")
    .values({
      variant_id: row.variantId,
      email: row.email,
      culture: row.culture,
      customer_id: row.customerId,
      created_at: new Date().toISOString(),
      notified_at: null,
    })
    .execute();
}

export function variantById(ex: Executor, variantId: number) {
  return ex
    .selectFrom("product_variants")
    .select(["id", "sku", "product_id"])
    .where("id", "=", variantId)
    .executeTakeFirst();
}

export function warehouseById(ex: Executor, warehouseId: number) {
  return ex.selectFrom("warehouses").select("id").where("id", "=", warehouseId).executeTakeFirst();
}

export async function putStock(ex: Executor, variantId: number, warehouseId: number, quantity: number): Promise<void> {
  await ex
    .insertInto("stock")
    .values({ variant_id: variantId, warehouse_id: warehouseId, quantity })
    .onConflict((oc) => oc.columns(["variant_id", "warehouse_id"]).doUpdateSet({ quantity }))
    .execute();
}

export function pendingSubscribers(ex: Executor, variantId: number) {
  return ex
    .selectFrom("stock_notifications")
    .selectAll()
    .where("variant_id", "=", variantId)
    .where("notified_at", "is", null)
    .execute();
}

export function productText(ex: Executor, productId: number, culture: Culture) {
  return ex
    .selectFrom("product_translations")
    .select(["name", "slug"])
    .where("product_id", "=", productId)
    .where("culture", "=", culture)
    .executeTakeFirst();
}

export async function markNotified(ex: Executor, subscriptionId: number, at: string): Promise<void> {
  await ex.updateTable("stock_notifications").set({ notified_at: at }).where("id", "=", subscriptionId).execute();
}
