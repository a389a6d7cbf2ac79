import type { Executor } from "~/server/db/client";
import type { NotificationItem, PaymentStatus } from "./payment";

export async function insertPayment(
  ex: Executor,
  payment: { id: string; orderId: number; amount: number; at: string },
): Promise<void> {
  await ex
    .insertInto("payments")
    .values({
      id: payment.id,
      order_id: payment.orderId,
      provider: "sandbox",
      amount: payment.amount,
      status: "Pending",
      psp_reference: null,
      event_date: null,
      created_at: payment.at,
      updated_at: payment.at,
    })
    .execute();
}

export function paymentById(ex: Executor, id: string) {
  return ex.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Records a notification; a duplicate delivery fails with a unique violation. */
export async function insertPaymentEvent(ex: Executor, paymentId: string, item: NotificationItem, at: string) {
  await ex
    .insertInto("payment_events")
    .values({
      payment_id: paymentId,
      event_code: item.eventCode,
      psp_reference: item.pspReference,
      success: item.success === "true" ? 1 : 0,
      event_date: item.eventDate,
      received_at: at,
    })
    .execute();
}

/** The payment's new state; an authorised payment never changes again. */
export async function updatePaymentStatus(
  ex: Executor,
  id: string,
  next: { status: PaymentStatus; pspReference: string; eventDate: string; at: string },
): Promise<void> {
  await ex
    .updateTable("payments")
    .set({ status: next.status, psp_reference: next.pspReference, event_date: next.eventDate, updated_at: next.at })
    .where("id", "=", id)
    .where("status", "!=", "Authorised")
    .execute();
}

export function latestPaymentOf(ex: Executor, orderId: number) {
  return ex
    .selectFrom("payments")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}
