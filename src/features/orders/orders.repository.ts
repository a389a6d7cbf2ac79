import type { Insertable, Kysely, Transaction } from "kysely";
import { database, type Executor } from "~/server/db/client";
import type { Database } from "~/server/db/schema";

export type OrderRow = Database["orders"] & { id: number };
export type OrderLineRow = Database["order_lines"] & { id: number };
type Trx = Transaction<Database>;

/** Where units of an order came from: a variant's warehouse and how many (the catalogue's stock rows). */
export interface StockTake {
  variantId: number;
  warehouseId: number;
  quantity: number;
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

/** An order's takes (where its units came from), forgotten: the caller puts the units back. */
export async function forgetStockTakes(trx: Trx, orderId: number): Promise<StockTake[]> {
  const takes = await trx
    .selectFrom("order_stock_takes")
    .select(["variant_id", "warehouse_id", "quantity"])
    .where("order_id", "=", orderId)
    .orderBy("variant_id")
    .orderBy("warehouse_id")
    .execute();
  await trx.deleteFrom("order_stock_takes").where("order_id", "=", orderId).execute();
  return takes.map((t) => ({ variantId: t.variant_id, warehouseId: t.warehouse_id, quantity: t.quantity }));
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

/** Every delivery-change request (open ones first, then newest), with its order's number and shopper. */
export function allDeliveryChanges(ex: Executor, status: string | undefined, limit: number) {
  let query = ex
    .selectFrom("delivery_address_changes as d")
    .innerJoin("orders as o", "o.id", "d.order_id")
    .select([
      "d.id",
      "d.order_id",
      "d.address",
      "d.status",
      "d.created_at",
      "d.refused_reason",
      "d.decided_at",
      "o.number",
      "o.email",
      "o.status as order_status",
    ]);
  if (status) query = query.where("d.status", "=", status);
  return query
    .orderBy((eb) => eb.case().when("d.status", "=", "Requested").then(0).else(1).end())
    .orderBy("d.id", "desc")
    .limit(limit)
    .execute();
}

export function deliveryChangeById(ex: Executor, id: number) {
  return ex.selectFrom("delivery_address_changes").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Decides an open request (false when it was no longer open: another decision, or a newer request). */
export async function decideDeliveryChange(
  trx: Trx,
  id: number,
  decision: { status: "Applied" | "Refused"; reason: string | null; at: string },
): Promise<boolean> {
  const result = await trx
    .updateTable("delivery_address_changes")
    .set({ status: decision.status, refused_reason: decision.reason, decided_at: decision.at })
    .where("id", "=", id)
    .where("status", "=", "Requested")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setShippingAddress(trx: Trx, orderId: number, shippingAddress: string): Promise<void> {
  await trx.updateTable("orders").set({ shipping_address: shippingAddress }).where("id", "=", orderId).execute();
}

export function deliveryChangeRows(ex: Executor, orderId: number) {
  return ex
    .selectFrom("delivery_address_changes")
    .select(["id", "address", "status", "created_at", "refused_reason"])
    .where("order_id", "=", orderId)
    .orderBy("id", "desc")
    .execute();
}

/** Marks a chargeback on the order, once (false when it was already marked). */
export async function markChargeback(ex: Executor, orderId: number, at: string): Promise<boolean> {
  const result = await ex
    .updateTable("orders")
    .set({ chargeback_at: at })
    .where("id", "=", orderId)
    .where("chargeback_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Orders for the integration API, newest first: by status, placed since a date. */
export function adminOrderList(
  ex: Executor,
  filter: { status?: string; since?: string; until?: string; search?: string; offset: number; limit: number },
) {
  let query = ex
    .selectFrom("orders")
    .select(["id", "number", "status", "email", "culture", "total_tax_incl", "created_at", "paid_at", "shipped_at"]);
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.since) query = query.where("created_at", ">=", filter.since);
  if (filter.until) query = query.where("created_at", "<", filter.until);
  // An order number is upper case, an e-mail lower case (both stored so): an exact match, or an e-mail's start.
  const search = filter.search?.trim();
  if (search)
    query = query.where((eb) =>
      eb.or([
        eb("number", "=", search.toUpperCase()),
        eb("email", "like", `${search.toLowerCase().replace(/[\\%_]/g, "")}%`),
      ]),
    );
  return query.orderBy("id", "desc").offset(filter.offset).limit(filter.limit).execute();
}

export function shipmentsOf(ex: Executor, orderId: number) {
  return ex.selectFrom("order_shipments").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
}

export async function insertShipment(
  trx: Trx,
  shipment: {
    orderId: number;
    carrier: string;
    trackingNumber: string;
    trackingUrl: string | null;
    lines: string;
    at: string;
  },
): Promise<number> {
  const row = await trx
    .insertInto("order_shipments")
    .values({
      order_id: shipment.orderId,
      carrier: shipment.carrier,
      tracking_number: shipment.trackingNumber,
      tracking_url: shipment.trackingUrl,
      lines: shipment.lines,
      created_at: shipment.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The order's new shipping state, from one it was in (false when another write moved it first). */
export async function markShipped(
  trx: Trx,
  orderId: number,
  from: string,
  to: "PartlyShipped" | "Shipped",
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable("orders")
    .set((eb) => ({ status: to, shipped_at: eb.fn.coalesce("shipped_at", eb.val(at)) }))
    .where("id", "=", orderId)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertWithdrawal(trx: Trx, row: Omit<Database["order_withdrawals"], "id">): Promise<number> {
  const inserted = await trx.insertInto("order_withdrawals").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** An order's withdrawals, oldest first. */
export function withdrawalRows(ex: Executor, orderId: number) {
  return ex
    .selectFrom("order_withdrawals")
    .select(["id", "lines", "name", "address", "received_on", "created_at"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
}

/** Orders placed since `from` that count as sales (paid or on their way: not awaiting payment, not cancelled), and their total. */
export async function salesSince(ex: Executor, from: string): Promise<{ orders: number; revenue: number }> {
  const row = await ex
    .selectFrom("orders")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("total_tax_incl").as("total")])
    .where("created_at", ">=", from)
    .where("status", "not in", ["AwaitingPayment", "Cancelled"])
    .executeTakeFirst();
  return { orders: Number(row?.n ?? 0), revenue: Number(row?.total ?? 0) };
}

/** What staff still have to do with orders: to ship (paid, or partly shipped) and delivery changes asked. */
export async function ordersWaiting(ex: Executor): Promise<{ toShip: number; deliveryChanges: number }> {
  const [ship, changes] = await Promise.all([
    ex
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "in", ["Paid", "PartlyShipped"])
      .executeTakeFirst(),
    ex
      .selectFrom("delivery_address_changes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "Requested")
      .executeTakeFirst(),
  ]);
  return { toShip: Number(ship?.n ?? 0), deliveryChanges: Number(changes?.n ?? 0) };
}
