import { announcePaidOrder, markChargeback, orderBecomesPaid, orderById } from "~/features/orders/orders.server";
import { reinstatePaidOrder } from "~/features/orders/unpaid-orders.server";
import { translator } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { env } from "~/server/config/env";
import { db, type Executor } from "~/server/db/client";
import { isUniqueViolation } from "~/server/db/errors";
import { enqueueMail } from "~/server/mail/outbox";
import { log } from "~/server/observability/log";
import { orderMetrics } from "~/server/observability/metrics";
import { acceptsTransition, type PaymentStatus } from "./payment";
import {
  insertPaymentEvent,
  paymentById,
  paymentByPspReference,
  refundById,
  refundByProviderRef,
  releaseRefund,
  settleRefund,
  updatePaymentStatus,
} from "./payment.repository";
import { refundCompleted, refundMail, refundPayment } from "./payment-refunds.server";
import type { PaymentEvent, PaymentProvider } from "./provider.server";

/**
 * One provider event, applied exactly once whatever the order and repetition of delivery: the event is
 * recorded first (a second delivery stops there), then what it changes. Events of payments that are not
 * ours (another shop on the same account) are ignored.
 */
export async function applyEvent(provider: PaymentProvider, event: PaymentEvent): Promise<void> {
  switch (event.eventCode) {
    case "AUTHORISATION":
      return authorisation(provider, event);
    case "REFUND":
    case "REFUND_FAILED":
      return refundEvent(provider, event);
    case "CHARGEBACK":
      return chargeback(provider, event);
    default: {
      // CAPTURE, CANCELLATION and the rest: recorded (the payment's history), nothing else changes.
      const payment = await eventPayment(provider, event);
      if (payment) await record(db(), payment.id, event);
    }
  }
}

async function eventPayment(provider: PaymentProvider, event: PaymentEvent) {
  const payment =
    (event.originalReference ? await paymentByPspReference(db(), event.originalReference) : undefined) ??
    (await paymentById(db(), event.merchantReference));
  return payment && payment.provider === provider.name ? payment : undefined;
}

/** Records the event; false when it was recorded before (a repeated delivery). */
async function record(ex: Executor, paymentId: string, event: PaymentEvent): Promise<boolean> {
  try {
    await insertPaymentEvent(ex, paymentId, event, new Date().toISOString());
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

async function authorisation(provider: PaymentProvider, event: PaymentEvent): Promise<void> {
  const payment = await paymentById(db(), event.merchantReference);
  if (!payment || payment.provider !== provider.name) return;
  const now = new Date().toISOString();
  const next: PaymentStatus = event.success ? "Authorised" : "Refused";
  const outcome = await db()
    .transaction()
    .execute(async (trx) => {
      if (!(await record(trx, payment.id, event))) return "repeated";
      // Not the amount we asked for: never marks an order paid.
      if (event.amount !== payment.amount || event.currency !== "EUR") return "ignored";
      const fresh = await paymentById(trx, payment.id);
      if (
        !fresh ||
        !acceptsTransition(
          { status: fresh.status as PaymentStatus, eventDate: fresh.event_date },
          { status: next, eventDate: event.eventDate },
        )
      )
        return "ignored";
      await updatePaymentStatus(trx, payment.id, {
        status: next,
        pspReference: event.pspReference,
        eventDate: event.eventDate,
        at: now,
      });
      if (next !== "Authorised") return "refused";
      return (await orderBecomesPaid(trx, payment.order_id, "AwaitingPayment", now)) ? "paid" : "late";
    });
  if (outcome === "repeated" || outcome === "ignored") return;
  orderMetrics().payments.inc({ result: next.toLowerCase() });
  if (outcome === "paid") return announcePaidOrder(payment.order_id);
  if (outcome !== "late") return;
  // Paid after the order was released unpaid: served when its units are still there, else refunded at once.
  if (await reinstatePaidOrder(payment.order_id)) return announcePaidOrder(payment.order_id);
  const order = await orderById(db(), payment.order_id);
  if (order?.status === "Paid" || order?.status === "Shipped") {
    // A second payment for an order another already paid: given back.
    log().warn({ orderId: payment.order_id, paymentId: payment.id }, "a second payment for a paid order: refunded");
  } else
    log().error(
      { orderId: payment.order_id, paymentId: payment.id },
      "a payment arrived after its order was released and its units are gone: refunded at once",
    );
  try {
    await refundPayment(payment.id, payment.amount, `late-${payment.id}`, null);
  } catch (error) {
    log().error({ err: error, paymentId: payment.id }, "the late payment could not be refunded: refund it by hand");
  }
}

async function refundEvent(provider: PaymentProvider, event: PaymentEvent): Promise<void> {
  const payment = await eventPayment(provider, event);
  if (!payment) return;
  const refund =
    (event.merchantReference ? await refundById(db(), event.merchantReference) : undefined) ??
    (await refundByProviderRef(db(), payment.id, event.pspReference));
  const now = new Date().toISOString();
  const failed = event.eventCode === "REFUND_FAILED" || !event.success;
  const mails = await db()
    .transaction()
    .execute(async (trx) => {
      if (!(await record(trx, payment.id, event))) return null;
      if (!refund || refund.payment_id !== payment.id) {
        // A refund made elsewhere (the provider's back office): known from now on, never counted twice.
        log().warn({ paymentId: payment.id, psp: event.pspReference }, "a refund the shop did not ask for");
        return null;
      }
      if (failed) {
        if (!(await settleRefund(trx, refund.id, ["Pending", "Refunded"], "Failed", now))) return null;
        await releaseRefund(trx, payment.id, refund.amount);
        return { kind: "failed" as const, amount: refund.amount, id: refund.id };
      }
      if (!(await settleRefund(trx, refund.id, ["Pending"], "Refunded", now))) return null;
      await refundCompleted(trx, payment.order_id, refund.id, refund.amount);
      return { kind: "refunded" as const, amount: refund.amount, id: refund.id };
    });
  if (!mails) return;
  await refundMail(payment.order_id, mails.kind, mails.amount, mails.id);
}

async function chargeback(provider: PaymentProvider, event: PaymentEvent): Promise<void> {
  const payment = await eventPayment(provider, event);
  if (!payment) return;
  const now = new Date().toISOString();
  const first = await db()
    .transaction()
    .execute(async (trx) => {
      if (!(await record(trx, payment.id, event))) return false;
      await markChargeback(trx, payment.order_id, now);
      return true;
    });
  if (!first) return;
  const order = await orderById(db(), payment.order_id);
  if (!order) return;
  const culture = env().DEFAULT_CULTURE;
  const s = translator(culture);
  log().warn({ orderId: order.id, paymentId: payment.id, reason: event.reason }, "chargeback on an order");
  await enqueueMail({
    to: env().SHOP_EMAIL,
    subject: s("Payment.ChargebackSubject", { number: order.number }),
    text: s("Payment.ChargebackBody", {
      number: order.number,
      amount: formatMoney(event.amount, culture),
      reason: event.reason ?? "-",
      email: order.email,
    }),
    html: null,
    culture,
  });
}
