import { sql } from "kysely";
import type { Executor } from "~/server/db/client";
import type { PaymentMethod, PaymentStatus } from "./payment";
import type { PaymentEvent } from "./provider.server";

export async function insertPayment(
  ex: Executor,
  payment: { id: string; orderId: number; amount: number; provider: string; method: PaymentMethod; at: string },
): Promise<void> {
  await ex
    .insertInto("payments")
    .values({
      id: payment.id,
      order_id: payment.orderId,
      provider: payment.provider,
      method: payment.method,
      amount: payment.amount,
      status: "Pending",
      psp_reference: null,
      event_date: null,
      created_at: payment.at,
      updated_at: payment.at,
    })
    .execute();
}

/** What the provider answered when the payment was started (JSON), for the page to resume it. */
export async function setPaymentStart(ex: Executor, id: string, start: string): Promise<void> {
  await ex.updateTable("payments").set({ start }).where("id", "=", id).execute();
}

/**
 * The latest payment of an order still waiting for the shopper, started since `since` for this amount,
 * method and provider: the one a reload of the payment page resumes.
 */
export function resumablePayment(
  ex: Executor,
  orderId: number,
  payment: { amount: number; method: PaymentMethod; provider: string; since: string },
) {
  return ex
    .selectFrom("payments")
    .select(["id", "start"])
    .where("order_id", "=", orderId)
    .where("status", "=", "Pending")
    .where("amount", "=", payment.amount)
    .where("method", "=", payment.method)
    .where("provider", "=", payment.provider)
    .where("created_at", ">=", payment.since)
    .where("start", "is not", null)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The provider's own id of a payment (Mollie's tr_…), known when it was created. */
export async function setProviderReference(ex: Executor, id: string, reference: string): Promise<void> {
  await ex.updateTable("payments").set({ psp_reference: reference }).where("id", "=", id).execute();
}

export function paymentById(ex: Executor, id: string) {
  return ex.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
}

export function paymentByPspReference(ex: Executor, psp: string) {
  return ex.selectFrom("payments").selectAll().where("psp_reference", "=", psp).executeTakeFirst();
}

/** Records a provider event; a duplicate delivery fails with a unique violation. */
export async function insertPaymentEvent(ex: Executor, paymentId: string, event: PaymentEvent, at: string) {
  await ex
    .insertInto("payment_events")
    .values({
      payment_id: paymentId,
      event_code: event.eventCode,
      psp_reference: event.pspReference,
      success: event.success ? 1 : 0,
      event_date: event.eventDate,
      received_at: at,
    })
    .execute();
}

/** The payment's new state; an authorised payment never changes again. Authorised captures its amount. */
export async function updatePaymentStatus(
  ex: Executor,
  id: string,
  next: { status: PaymentStatus; pspReference: string; eventDate: string; at: string },
): Promise<void> {
  await ex
    .updateTable("payments")
    .set((eb) => ({
      status: next.status,
      psp_reference: next.pspReference,
      event_date: next.eventDate,
      updated_at: next.at,
      captured: next.status === "Authorised" ? eb.ref("amount") : eb.ref("captured"),
    }))
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

/** The order's captured payment (at most one is ever authorised for an order's amount). */
export function capturedPaymentOf(ex: Executor, orderId: number) {
  return ex
    .selectFrom("payments")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("status", "=", "Authorised")
    .orderBy("created_at", "asc")
    .executeTakeFirst();
}

// --- Refunds -------------------------------------------------------------------------------------

export function refundByKey(ex: Executor, idempotencyKey: string) {
  return ex.selectFrom("payment_refunds").selectAll().where("idempotency_key", "=", idempotencyKey).executeTakeFirst();
}

export function refundById(ex: Executor, id: string) {
  return ex.selectFrom("payment_refunds").selectAll().where("id", "=", id).executeTakeFirst();
}

export function refundByProviderRef(ex: Executor, paymentId: string, providerRef: string) {
  return ex
    .selectFrom("payment_refunds")
    .selectAll()
    .where("payment_id", "=", paymentId)
    .where("provider_ref", "=", providerRef)
    .executeTakeFirst();
}

/**
 * Takes `amount` out of what may still be refunded of the payment, in one conditional update: two
 * refunds at once can never pass `captured` together. False when it would.
 */
export async function reserveRefund(ex: Executor, paymentId: string, amount: number): Promise<boolean> {
  const result = await ex
    .updateTable("payments")
    .set({ refunded: sql<number>`refunded + ${amount}` })
    .where("id", "=", paymentId)
    .where(sql<boolean>`refunded + ${amount} <= captured`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back to what may be refunded what a failed refund had taken. */
export async function releaseRefund(ex: Executor, paymentId: string, amount: number): Promise<void> {
  await ex
    .updateTable("payments")
    .set({ refunded: sql<number>`refunded - ${amount}` })
    .where("id", "=", paymentId)
    .execute();
}

export async function insertRefund(
  ex: Executor,
  refund: {
    id: string;
    paymentId: string;
    amount: number;
    idempotencyKey: string;
    status: "Pending" | "Refunded";
    providerRef: string | null;
    refundRequestId: number | null;
    at: string;
  },
): Promise<void> {
  await ex
    .insertInto("payment_refunds")
    .values({
      id: refund.id,
      payment_id: refund.paymentId,
      amount: refund.amount,
      status: refund.status,
      idempotency_key: refund.idempotencyKey,
      provider_ref: refund.providerRef,
      refund_request_id: refund.refundRequestId,
      created_at: refund.at,
      updated_at: refund.at,
    })
    .execute();
}

export async function setRefundProviderRef(ex: Executor, id: string, providerRef: string): Promise<void> {
  await ex.updateTable("payment_refunds").set({ provider_ref: providerRef }).where("id", "=", id).execute();
}

/** Moves a refund from one of `from` to `to`, once; false when it was not in `from` any more. */
export async function settleRefund(
  ex: Executor,
  id: string,
  from: string[],
  to: "Refunded" | "Failed",
  at: string,
): Promise<boolean> {
  const result = await ex
    .updateTable("payment_refunds")
    .set({ status: to, updated_at: at })
    .where("id", "=", id)
    .where("status", "in", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function refundsOfRequests(ex: Executor, requestIds: number[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return ex
    .selectFrom("payment_refunds")
    .select(["refund_request_id", "status", "amount"])
    .where("refund_request_id", "in", requestIds)
    .orderBy("created_at")
    .execute();
}

// --- Notifications -------------------------------------------------------------------------------

export async function insertNotification(ex: Executor, provider: string, payload: string, at: string) {
  const row = await ex
    .insertInto("payment_notifications")
    .values({ provider, payload, received_at: at, processed_at: null, last_error: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Notifications not processed yet, received before `before`, with fewer than `maxAttempts` failures. */
export function waitingNotifications(ex: Executor, before: string, maxAttempts: number, limit: number) {
  return ex
    .selectFrom("payment_notifications")
    .selectAll()
    .where("processed_at", "is", null)
    .where("received_at", "<", before)
    .where("attempts", "<", maxAttempts)
    .orderBy("id")
    .limit(limit)
    .execute();
}

export function notificationById(ex: Executor, id: number) {
  return ex.selectFrom("payment_notifications").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function notificationProcessed(ex: Executor, id: number, at: string): Promise<void> {
  await ex.updateTable("payment_notifications").set({ processed_at: at }).where("id", "=", id).execute();
}

export async function notificationFailed(ex: Executor, id: number, error: string): Promise<void> {
  await ex
    .updateTable("payment_notifications")
    .set((eb) => ({ attempts: eb("attempts", "+", 1), last_error: error.slice(0, 500) }))
    .where("id", "=", id)
    .execute();
}
