import { type Insertable, type Kysely, sql, type Transaction } from "kysely";
import { database, type Executor } from "../../server/db/client";
import type { Database } from "../../server/db/schema";

export type OrderRow = Database["orders"] & { id: number };
export type OrderLineRow = Database["order_lines"] & { id: number };
type Trx = Transaction<Database>;

export class StockShortage extends Error {
  constructor(
    readonly variantId: number,
    readonly available: number,
  ) {
    super("stock shortage");
  }
}

/** Row locks exist only on PostgreSQL; SQLite runs one write transaction at a time anyway. */
function isPostgres(_on: Kysely<Database>): boolean {
  return database().dialect === "postgres";
}

/** Locks the cart for the rest of the transaction (PostgreSQL): one checkout of a cart at a time. */
export async function lockCart(trx: Trx, cartId: number) {
  let q = trx.selectFrom("carts").selectAll().where("id", "=", cartId);
  if (isPostgres(trx)) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function lockCoupon(trx: Trx, couponId: number): Promise<void> {
  if (isPostgres(trx)) await trx.selectFrom("coupons").select("id").where("id", "=", couponId).forUpdate().execute();
}

export async function cartLinesForOrder(trx: Trx, cartId: number) {
  return trx
    .selectFrom("cart_lines")
    .select(["id", "variant_id", "quantity"])
    .where("cart_id", "=", cartId)
    .orderBy("id")
    .execute();
}

/**
 * Takes units of a variant from its warehouses, fullest first, each with a conditional update that
 * cannot go below zero; throws StockShortage (rolling the order back) when they are not all there.
 * Rows are locked in warehouse order, never in quantity order: quantities change under concurrent
 * orders, and two orders locking the same rows in different orders deadlock (seen on PostgreSQL).
 */
export interface StockTake {
  variantId: number;
  warehouseId: number;
  quantity: number;
}

async function takeStock(trx: Trx, variantId: number, quantity: number): Promise<StockTake[]> {
  let q = trx
    .selectFrom("stock")
    .select(["warehouse_id", "quantity"])
    .where("variant_id", "=", variantId)
    .orderBy("warehouse_id");
  if (isPostgres(trx)) q = q.forUpdate();
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
  trx: Trx,
  lines: readonly { variant_id: number; quantity: number }[],
): Promise<StockTake[]> {
  const byVariant = new Map<number, number>();
  for (const l of lines) byVariant.set(l.variant_id, (byVariant.get(l.variant_id) ?? 0) + l.quantity);
  const takes: StockTake[] = [];
  for (const [variantId, quantity] of [...byVariant].sort((a, b) => a[0] - b[0]))
    takes.push(...(await takeStock(trx, variantId, quantity)));
  return takes;
}

/** Remembers where an order's units came from (they go back there if the order is released). */
export async function recordStockTakes(trx: Trx, orderId: number, takes: readonly StockTake[]): Promise<void> {
  if (takes.length === 0) return;
  await trx
    .insertInto("order_stock_takes")
    .values(
      takes.map((t) => ({
        order_id: orderId,
        variant_id: t.variantId,
        warehouse_id: t.warehouseId,
        quantity: t.quantity,
      })),
    )
    .execute();
}

/** Puts an order's units back on the shelves they came from, and forgets the takes. */
export async function returnStockTakes(trx: Trx, orderId: number): Promise<number> {
  const takes = await trx
    .selectFrom("order_stock_takes")
    .select(["variant_id", "warehouse_id", "quantity"])
    .where("order_id", "=", orderId)
    .orderBy("variant_id")
    .orderBy("warehouse_id")
    .execute();
  for (const take of takes)
    await trx
      .updateTable("stock")
      .set({ quantity: sql`quantity + ${take.quantity}` })
      .where("variant_id", "=", take.variant_id)
      .where("warehouse_id", "=", take.warehouse_id)
      .execute();
  await trx.deleteFrom("order_stock_takes").where("order_id", "=", orderId).execute();
  return takes.reduce((sum, t) => sum + t.quantity, 0);
}

export async function insertOrder(
  trx: Trx,
  order: Omit<Database["orders"], "id">,
  lines: Omit<Database["order_lines"], "id" | "order_id">[],
): Promise<number> {
  const row = await trx.insertInto("orders").values(order).returning("id").executeTakeFirstOrThrow();
  if (lines.length)
    await trx
      .insertInto("order_lines")
      .values(lines.map((l) => ({ ...l, order_id: row.id })))
      .execute();
  return row.id;
}

export async function orderByKey(ex: Executor, key: string): Promise<OrderRow | undefined> {
  return (await ex.selectFrom("orders").selectAll().where("idempotency_key", "=", key).executeTakeFirst()) as
    | OrderRow
    | undefined;
}

export async function orderByNumber(ex: Executor, number: string): Promise<OrderRow | undefined> {
  return (await ex.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirst()) as
    | OrderRow
    | undefined;
}

export async function orderById(ex: Executor, id: number): Promise<OrderRow | undefined> {
  return (await ex.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst()) as OrderRow | undefined;
}

export async function orderLines(ex: Executor, orderId: number): Promise<OrderLineRow[]> {
  return (await ex
    .selectFrom("order_lines")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute()) as OrderLineRow[];
}

export async function customerOrders(ex: Executor, customerId: number, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    ex
      .selectFrom("orders")
      .selectAll()
      .where("customer_id", "=", customerId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    ex
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("customer_id", "=", customerId)
      .executeTakeFirst(),
  ]);
  return { rows: rows as OrderRow[], total: Number(count?.n ?? 0) };
}

export async function customerEmail(ex: Executor, customerId: number): Promise<string | undefined> {
  return (await ex.selectFrom("customers").select("email").where("id", "=", customerId).executeTakeFirst())?.email;
}

/** Orders still awaiting payment placed before a time, oldest first. */
export function staleUnpaidOrders(ex: Executor, placedBefore: string, limit: number) {
  return ex
    .selectFrom("orders")
    .select("id")
    .where("status", "=", "AwaitingPayment")
    .where("created_at", "<", placedBefore)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Moves an order from one status to another; false when it was no longer in `from` (someone else won). */
export async function changeOrderStatus(
  ex: Executor,
  orderId: number,
  from: string,
  to: { status: string; paidAt?: string },
): Promise<boolean> {
  const result = await ex
    .updateTable("orders")
    .set({ status: to.status, ...(to.paidAt ? { paid_at: to.paidAt } : {}) })
    .where("id", "=", orderId)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function orderStatusAndBuyer(ex: Executor, orderId: number) {
  return ex
    .selectFrom("orders")
    .select(["status", "coupon_id", "customer_id", "email"])
    .where("id", "=", orderId)
    .executeTakeFirst();
}

export function orderQuantities(ex: Executor, orderId: number) {
  return ex.selectFrom("order_lines").select(["variant_id", "quantity"]).where("order_id", "=", orderId).execute();
}

/** The order's row, locked until the transaction ends (PostgreSQL; SQLite's writers already take turns). */
export async function lockOrder(trx: Trx, orderId: number): Promise<void> {
  if (isPostgres(trx)) await trx.selectFrom("orders").select("id").where("id", "=", orderId).forUpdate().execute();
}

/** An order's delivery-change requests still open become replaced (a newer one follows). */
export async function replaceOpenDeliveryChanges(trx: Trx, orderId: number): Promise<void> {
  await trx
    .updateTable("delivery_address_changes")
    .set({ status: "Replaced" })
    .where("order_id", "=", orderId)
    .where("status", "=", "Requested")
    .execute();
}

export async function insertDeliveryChange(
  trx: Trx,
  row: Insertable<Database["delivery_address_changes"]>,
): Promise<number> {
  return (await trx.insertInto("delivery_address_changes").values(row).returning("id").executeTakeFirstOrThrow()).id;
}

export function deliveryChangeRows(ex: Executor, orderId: number) {
  return ex
    .selectFrom("delivery_address_changes")
    .select(["id", "address", "status", "created_at"])
    .where("order_id", "=", orderId)
    .orderBy("id", "desc")
    .execute();
}
