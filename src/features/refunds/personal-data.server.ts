import { db, type Executor } from "~/server/db/client";

/** Her refund requests with their lines (issue 36: a shopper's own data). */
export async function refundPersonalData(customerId: number) {
  const requests = await db()
    .selectFrom("refund_requests")
    .innerJoin("orders", "orders.id", "refund_requests.order_id")
    .select([
      "refund_requests.id",
      "orders.number as order_number",
      "refund_requests.status",
      "refund_requests.method",
      "refund_requests.iban",
      "refund_requests.account_holder",
      "refund_requests.reason",
      "refund_requests.amount",
      "refund_requests.approved_amount",
      "refund_requests.refused_reason",
      "refund_requests.created_at",
      "refund_requests.decided_at",
    ])
    .where("refund_requests.customer_id", "=", customerId)
    .orderBy("refund_requests.id")
    .execute();
  return requests;
}

/** Refund requests still waiting for the shop's word: they block closing the account. */
export async function openRefundRequests(ex: Executor, customerId: number): Promise<number> {
  const row = await ex
    .selectFrom("refund_requests")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("customer_id", "=", customerId)
    .where("status", "in", ["Requested", "Accepted", "Refunding"])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Decided requests stay with their orders (bookkeeping), without her bank details and her words. */
export async function eraseRefundDetails(trx: Executor, customerId: number): Promise<void> {
  await trx
    .updateTable("refund_requests")
    .set({ iban: null, account_holder: null, reason: null })
    .where("customer_id", "=", customerId)
    .execute();
}
