import { randomBytes } from "node:crypto";
import { announcePaidOrder, markOrderPaid, ownOrder } from "~/features/orders/orders.server";
import { reinstatePaidOrder } from "~/features/orders/unpaid-orders.server";
import { priceCountryCode } from "~/features/pricing/price-country.server";
import type { Culture } from "~/lib/culture";
import { db } from "~/server/db/client";
import { isUniqueViolation } from "~/server/db/errors";
import { ApiError } from "~/server/http/errors";
import { orderMetrics } from "~/server/observability/metrics";
import type { Session } from "~/server/session/session";
import {
  acceptsTransition,
  type CardForm,
  type NotificationItem,
  type PaymentResult,
  type PaymentSession,
  type PaymentStatus,
} from "./payment";
import {
  insertPayment,
  insertPaymentEvent,
  latestPaymentOf,
  paymentById,
  updatePaymentStatus,
} from "./payment.repository";
import { paymentProvider } from "./provider.server";
import { cardProblems, sandboxAuthorise } from "./sandbox.server";

/** A payment session for one of the shopper's orders awaiting payment (each attempt is a payment). */
export async function startPayment(
  session: Session,
  orderNumber: string,
  culture: Culture,
): Promise<PaymentSession & { amount: number; orderNumber: string }> {
  const own = await ownOrder(session, orderNumber);
  if (!own) throw new ApiError("OrderNotFound");
  if (own.order.status !== "AwaitingPayment") throw new ApiError("OrderNotAwaitingPayment");
  // No provider set (PAYMENT_PROVIDER=none, a public site's default until one is): nothing is charged.
  const provider = paymentProvider();
  const id = randomBytes(12).toString("base64url");
  const now = new Date().toISOString();
  // What prepaid credit paid at the checkout is not asked again.
  const amount = own.order.total_tax_incl - own.order.prepaid_amount;
  await insertPayment(db(), { id, orderId: own.order.id, amount, at: now });
  const created = await provider.createSession({
    paymentId: id,
    amount,
    currency: "EUR",
    orderNumber,
    culture,
    countryCode: priceCountryCode(session),
    returnUrl: `/${culture}/sales/order/${orderNumber}/return`,
  });
  return { ...created, amount, orderNumber };
}

/**
 * Webhook notifications: every item must carry a valid HMAC signature (else nothing is recorded). An
 * item already received changes nothing; one that arrives late cannot undo a newer state; the order is
 * paid (and its confirmation mail queued) exactly once.
 */
export async function receiveNotifications(items: NotificationItem[]): Promise<void> {
  const provider = paymentProvider();
  if (!items.every((item) => provider.authentic(item))) throw new ApiError("InvalidSignature");
  for (const item of items) await receive(item);
}

async function receive(item: NotificationItem): Promise<void> {
  const payment = await paymentById(db(), item.merchantReference);
  if (!payment) return; // Not ours (another shop on the same account): acknowledged, ignored.
  const now = new Date().toISOString();
  try {
    await insertPaymentEvent(db(), payment.id, item, now);
  } catch (error) {
    if (isUniqueViolation(error)) return; // A duplicate delivery.
    throw error;
  }
  if (item.eventCode !== "AUTHORISATION") return;
  if (item.amount.value !== payment.amount) return; // Not the amount we asked for: never marks an order paid.
  const next: PaymentStatus = item.success === "true" ? "Authorised" : "Refused";
  if (
    !acceptsTransition(
      { status: payment.status as PaymentStatus, eventDate: payment.event_date },
      { status: next, eventDate: item.eventDate },
    )
  )
    return;
  await updatePaymentStatus(db(), payment.id, {
    status: next,
    pspReference: item.pspReference,
    eventDate: item.eventDate,
    at: now,
  });
  orderMetrics().payments.inc({ result: next.toLowerCase() });
  if (next !== "Authorised") return;
  if ((await markOrderPaid(payment.order_id, now)) || (await reinstatePaidOrder(payment.order_id)))
    await announcePaidOrder(payment.order_id);
}

function deliver(item: NotificationItem): Promise<void> {
  return receiveNotifications([item]);
}

export type CardOutcome = { ok: true; result: PaymentResult } | { ok: false; fields: string[] };

/** The sandbox drop-in's card submit (and its hosted page's form). */
export async function payByCard(culture: Culture, card: CardForm, orderNumber: string): Promise<CardOutcome> {
  // The sandbox's own card form: no other provider takes card numbers on our pages.
  if (paymentProvider().name !== "sandbox") throw new ApiError("PaymentUnavailable");
  const problems = cardProblems(card);
  if (problems.length) return { ok: false, fields: problems };
  const result = await sandboxAuthorise(
    card,
    {
      returnUrl: `/${culture}/sales/order/${orderNumber}/return`,
      challengeUrl: (token) => `/${culture}/sandbox/challenge?token=${encodeURIComponent(token)}`,
    },
    deliver,
  );
  if (!result) throw new ApiError("PaymentNotFound");
  return { ok: true, result };
}

/** Back from a redirect (challenge): the details are submitted; the webhook already recorded the outcome. */
export async function submitDetails(redirectResult: string): Promise<PaymentResult & { paymentId: string }> {
  const result = await paymentProvider().completeRedirect(redirectResult, deliver);
  if (!result) throw new ApiError("PaymentDetailsInvalid");
  return result;
}

/** The latest state of an order's payment, for the confirmation page. */
export async function latestPayment(orderId: number) {
  return latestPaymentOf(db(), orderId);
}
