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

/**
 * Money the shop still owes her, which keeps her account (and so her address) until it is paid: her
 * orders with a withdrawal no refund followed (a request refunded, or a provider refund made, after it;
 * a cancelled order is settled by its cancellation), and her orders with a provider refund under way.
 */
export async function moneyOwed(
  ex: Executor,
  customerId: number,
): Promise<{ withdrawals: string[]; providerRefunds: string[] }> {
  const [withdrawals, providerRefunds] = await Promise.all([
    ex
      .selectFrom("order_withdrawals as w")
      .innerJoin("orders as o", "o.id", "w.order_id")
      .select("o.number")
      .distinct()
      .where("o.customer_id", "=", customerId)
      .where("o.status", "!=", "Cancelled")
      .where(({ exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom("refund_requests as r")
              .select("r.id")
              .whereRef("r.order_id", "=", "o.id")
              .where("r.status", "=", "Refunded")
              .whereRef("r.decided_at", ">=", "w.created_at"),
          ),
        ),
      )
      .where(({ exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom("payment_refunds as pr")
              .innerJoin("payments as p", "p.id", "pr.payment_id")
              .select("pr.id")
              .whereRef("p.order_id", "=", "o.id")
              .where("pr.status", "=", "Refunded")
              .whereRef("pr.created_at", ">=", "w.created_at"),
          ),
        ),
      )
      .orderBy("o.number")
      .execute(),
    ex
      .selectFrom("payment_refunds as pr")
      .innerJoin("payments as p", "p.id", "pr.payment_id")
      .innerJoin("orders as o", "o.id", "p.order_id")
      .select("o.number")
      .distinct()
      .where("o.customer_id", "=", customerId)
      .where("pr.status", "=", "Pending")
      .orderBy("o.number")
      .execute(),
  ]);
  return { withdrawals: withdrawals.map((r) => r.number), providerRefunds: providerRefunds.map((r) => r.number) };
}

/** Decided requests stay with their orders (bookkeeping), without her bank details and her words. */
export async function eraseRefundDetails(trx: Executor, customerId: number): Promise<void> {
  await trx
    .updateTable("refund_requests")
    .set({ iban: null, account_holder: null, reason: null })
    .where("customer_id", "=", customerId)
    .execute();
}
