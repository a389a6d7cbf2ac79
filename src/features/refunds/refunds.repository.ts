import { database, type Executor } from "~/server/db/client";
import type { RefundsTables } from "./refunds.tables";

const isPostgres = () => database().dialect === "postgres";

/** Serialises refund requests of one order (PostgreSQL row lock; SQLite writes one at a time). */
export async function lockOrder(trx: Executor, orderId: number): Promise<void> {
  if (isPostgres()) await trx.selectFrom("orders").select("id").where("id", "=", orderId).forUpdate().execute();
}

/** Units already asked back per order line (requests not refused). */
export async function requestedUnits(ex: Executor, orderId: number): Promise<Map<number, number>> {
  const rows = await ex
    .selectFrom("refund_request_lines as l")
    .innerJoin("refund_requests as r", "r.id", "l.request_id")
    .select(["l.order_line_id", (eb) => eb.fn.sum<number | string>("l.quantity").as("units")])
    .where("r.order_id", "=", orderId)
    .where("r.status", "!=", "Refused")
    .groupBy("l.order_line_id")
    .execute();
  return new Map(rows.map((r) => [r.order_line_id, Number(r.units)]));
}

export async function insertRequest(
  trx: Executor,
  request: Omit<
    RefundsTables["refund_requests"],
    "id" | "status" | "created_at" | "approved_amount" | "refused_reason" | "decided_by" | "decided_at"
  >,
  lines: Omit<RefundsTables["refund_request_lines"], "request_id">[],
): Promise<number> {
  const row = await trx
    .insertInto("refund_requests")
    .values({ ...request, status: "Requested", created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("refund_request_lines")
    .values(lines.map((l) => ({ ...l, request_id: row.id })))
    .execute();
  return row.id;
}

/** A customer's requests, newest first, with their order's number. */
export function requestsOf(ex: Executor, customerId: number) {
  return ex
    .selectFrom("refund_requests as r")
    .innerJoin("orders as o", "o.id", "r.order_id")
    .select(["r.id", "r.status", "r.method", "r.items", "r.amount", "r.created_at", "o.number as order_number"])
    .where("r.customer_id", "=", customerId)
    .orderBy("r.id", "desc")
    .execute();
}

export function requestsOfOrder(ex: Executor, orderId: number) {
  return ex
    .selectFrom("refund_requests")
    .select(["id", "status", "items", "amount", "created_at"])
    .where("order_id", "=", orderId)
    .orderBy("id", "desc")
    .execute();
}

/** Every request, the open ones first (staff's list), with its order and customer. */
export function allRequests(ex: Executor, limit: number) {
  return ex
    .selectFrom("refund_requests as r")
    .innerJoin("orders as o", "o.id", "r.order_id")
    .select([
      "r.id",
      "r.order_id",
      "r.status",
      "r.method",
      "r.items",
      "r.amount",
      "r.reason",
      "r.iban",
      "r.account_holder",
      "r.approved_amount",
      "r.refused_reason",
      "r.created_at",
      "o.number as order_number",
      "o.email",
      "o.culture",
    ])
    .orderBy((eb) => eb.case().when("r.status", "=", "Requested").then(0).else(1).end())
    .orderBy("r.id", "desc")
    .limit(limit)
    .execute();
}

export function requestById(ex: Executor, id: number) {
  return ex.selectFrom("refund_requests").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Staff's decision, once: false when the request was no longer `Requested` (another decided first). */
export async function decideRequest(
  ex: Executor,
  id: number,
  decision: {
    status: "Accepted" | "Refunding" | "Refused";
    approvedAmount: number | null;
    refusedReason: string | null;
    by: number | null;
    at: string;
  },
): Promise<boolean> {
  const result = await ex
    .updateTable("refund_requests")
    .set({
      status: decision.status,
      approved_amount: decision.approvedAmount,
      refused_reason: decision.refusedReason,
      decided_by: decision.by,
      decided_at: decision.at,
    })
    .where("id", "=", id)
    .where("status", "=", "Requested")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Back to `Requested` (the provider could not be reached: staff may approve again, with the same key). */
export async function reopenRequest(ex: Executor, id: number): Promise<void> {
  await ex.updateTable("refund_requests").set({ status: "Requested" }).where("id", "=", id).execute();
}

/** Refund requests waiting for staff (the dashboard, issue 72). */
export async function refundRequestsWaiting(ex: Executor): Promise<number> {
  const row = await ex
    .selectFrom("refund_requests")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "Requested")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
