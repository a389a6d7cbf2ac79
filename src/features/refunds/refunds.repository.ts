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
  request: Omit<RefundsTables["refund_requests"], "id" | "status" | "created_at">,
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
