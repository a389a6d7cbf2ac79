import { sql } from "kysely";
import type { Culture } from "~/lib/culture";
import { database, type Executor } from "~/server/db/client";

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

export class StockShortage extends Error {
  constructor(
    readonly variantId: number,
    readonly available: number,
  ) {
    super("stock shortage");
  }
}

/** Where units came from: a variant's warehouse and how many. */
export interface StockTake {
  variantId: number;
  warehouseId: number;
  quantity: number;
}

/** Row locks exist only on PostgreSQL; SQLite runs one write transaction at a time anyway. */
const locksRows = () => database().dialect === "postgres";

/**
 * Takes units of a variant from its warehouses, fullest first, each with a conditional update that
 * cannot go below zero; throws StockShortage (rolling the order back) when they are not all there.
 * Rows are locked in warehouse order, never in quantity order: quantities change under concurrent
 * orders, and two orders locking the same rows in different orders deadlock (seen on PostgreSQL).
 */
async function takeStock(trx: Executor, variantId: number, quantity: number): Promise<StockTake[]> {
  let q = trx
    .selectFrom("stock")
    .select(["warehouse_id", "quantity"])
    .where("variant_id", "=", variantId)
    .orderBy("warehouse_id");
  if (locksRows()) q = q.forUpdate();
  const rows = (await q.execute()).sort((a, b) => b.quantity - a.quantity || a.warehouse_id - b.warehouse_id);
  const available = rows.reduce((sum, r) => sum + r.quantity, 0);
  if (available < quantity) throw new StockShortage(variantId, available);
  let remaining = quantity;
  const takes: StockTake[] = [];
  for (const row of rows) {
    if (remaining === 0) break;
    const take = Math.min(remaining, row.quantity);
    if (take === 0) continue;
    const result = await trx
      .updateTable("stock")
      .set({ quantity: sql`quantity - ${take}` })
      .where("variant_id", "=", variantId)
      .where("warehouse_id", "=", row.warehouse_id)
      .where("quantity", ">=", take)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new StockShortage(variantId, available - (quantity - remaining));
    takes.push({ variantId, warehouseId: row.warehouse_id, quantity: take });
    remaining -= take;
  }
  return takes;
}

/**
 * Takes the units of several lines (a variant may appear on more than one), variant by variant in id
 * order so concurrent orders lock stock rows in the same order; answers where each unit came from.
 */
export async function takeUnits(
  trx: Executor,
  lines: readonly { variant_id: number; quantity: number }[],
): Promise<StockTake[]> {
  const byVariant = new Map<number, number>();
  for (const l of lines) byVariant.set(l.variant_id, (byVariant.get(l.variant_id) ?? 0) + l.quantity);
  const takes: StockTake[] = [];
  for (const [variantId, quantity] of [...byVariant].sort((a, b) => a[0] - b[0]))
    takes.push(...(await takeStock(trx, variantId, quantity)));
  return takes;
}

/** Each variant's units left in all warehouses, with its SKU. */
export async function unitsLeft(trx: Executor, variantIds: number[]) {
  const rows = await trx
    .selectFrom("product_variants as v")
    .leftJoin("stock as s", "s.variant_id", "v.id")
    .select(["v.id", "v.sku", (eb) => eb.fn.coalesce(eb.fn.sum<number>("s.quantity"), eb.lit(0)).as("units")])
    .where("v.id", "in", variantIds)
    .groupBy(["v.id", "v.sku"])
    .execute();
  return rows.map((r) => ({ variantId: r.id, sku: r.sku, units: Number(r.units) }));
}

/** Puts units back on the shelves they came from (an order released unpaid). */
export async function returnUnits(trx: Executor, takes: readonly StockTake[]): Promise<number> {
  for (const take of takes)
    await trx
      .updateTable("stock")
      .set({ quantity: sql`quantity + ${take.quantity}` })
      .where("variant_id", "=", take.variantId)
      .where("warehouse_id", "=", take.warehouseId)
      .execute();
  return takes.reduce((sum, t) => sum + t.quantity, 0);
}

/** Published variants whose stock, all warehouses together, is at `threshold` or below (the dashboard, issue 72). */
export async function lowStockCount(ex: Executor, threshold: number): Promise<number> {
  const low = ex
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .leftJoin("stock as s", "s.variant_id", "v.id")
    .select("v.id")
    .where("p.is_active", "=", 1)
    .where("p.vat_class", "!=", "none")
    .groupBy("v.id")
    .having((eb) => eb.fn.coalesce(eb.fn.sum<number>("s.quantity"), eb.lit(0)), "<=", threshold);
  const row = await ex
    .selectFrom(low.as("low"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
