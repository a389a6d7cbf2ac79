import { randomBytes } from "node:crypto";
import { ownOrder } from "~/features/orders/orders.server";
import { priceCountryCode } from "~/features/pricing/price-country.server";
import type { Culture } from "~/lib/culture";
import { withVat } from "~/lib/money";
import { env } from "~/server/config/env";
import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import type { Session } from "~/server/session/session";
import { applyEvent } from "./events.server";
import { receiveWebhook } from "./notifications.server";
import type { CardForm, PaymentMethod, PaymentResult } from "./payment";
import {
  capturedPaymentOf,
  insertPayment,
  latestPaymentOf,
  paymentById,
  refundsOfRequests,
  resumablePayment,
  setPaymentStart,
  setProviderReference,
} from "./payment.repository";
import { refundPayment } from "./payment-refunds.server";

export { refundPayment };

import { type PaymentStart, paymentProvider, providerNamed } from "./provider.server";
import { ProviderRefused, ProviderUnavailable } from "./provider-http.server";
import { asWebhook, cardProblems, sandboxAuthorise } from "./sandbox.server";

export { receiveWebhook } from "./notifications.server";

/**
 * How long a started payment is resumed by the payment page rather than another started: well within
 * the life of an Adyen session (an hour) and of a Mollie payment's page (15 minutes for the quickest).
 */
const RESUME_MINUTES = 10;

/**
 * A payment for one of the shopper's orders awaiting payment (each attempt is a payment; a reload within
 * RESUME_MINUTES, nothing refused or cancelled since, goes on with the one it started).
 */
export async function startPayment(
  session: Session,
  orderNumber: string,
  culture: Culture,
): Promise<PaymentStart & { paymentId: string; amount: number; orderNumber: string }> {
  const own = await ownOrder(session, orderNumber);
  if (!own) throw new ApiError("OrderNotFound");
  if (own.order.status !== "AwaitingPayment") throw new ApiError("OrderNotAwaitingPayment");
  // No provider set (PAYMENT_PROVIDER=none, a public site's default until one is): nothing is charged.
  const provider = paymentProvider();
  const id = randomBytes(12).toString("base64url");
  const now = new Date().toISOString();
  // What prepaid credit paid at the checkout is not asked again.
  const amount = own.order.total_tax_incl - own.order.prepaid_amount;
  const method = own.order.payment_method as PaymentMethod;
  // The page loaded again soon after: the payment it started goes on (its session, or the provider's page).
  const since = new Date(Date.now() - RESUME_MINUTES * 60_000).toISOString();
  const open = await resumablePayment(db(), own.order.id, { amount, method, provider: provider.name, since });
  if (open?.start) return { ...(JSON.parse(open.start) as PaymentStart), paymentId: open.id, amount, orderNumber };
  await insertPayment(db(), { id, orderId: own.order.id, amount, provider: provider.name, method, at: now });
  const site = env().siteUrl;
  const start = await provider
    .createPayment({
      paymentId: id,
      amount,
      currency: "EUR",
      orderNumber,
      culture,
      countryCode: priceCountryCode(session),
      returnUrl: `${site}/${culture}/sales/order/${orderNumber}/return`,
      webhookUrl: `${site}/api/v1/payments/webhooks/${provider.name}`,
      method,
      shopperEmail: own.order.email,
      lines: own.lines.map((line) => ({
        id: line.sku,
        description: line.name,
        quantity: line.quantity,
        amountIncludingTax: withVat(line.unit_tax_excl, line.vat_rate_basis_points),
      })),
    })
    .catch((error: unknown) => {
      // Logged where it happened (provider-http); the shopper is told in her language, the order kept.
      if (error instanceof ProviderUnavailable || error instanceof ProviderRefused)
        throw new ApiError("PaymentUnavailable");
      throw error;
    });
  if (start.providerRef) await setProviderReference(db(), id, start.providerRef);
  await setPaymentStart(db(), id, JSON.stringify(start));
  return { ...start, paymentId: id, amount, orderNumber };
}

/** A provider takes payments (PAYMENT_PROVIDER is not none): orders that need one may be placed. */
export function paymentsOpen(): boolean {
  return env().paymentProvider !== "none";
}

/** The methods the configured provider takes from this shopper for this amount (none: no provider). */
export async function paymentMethods(countryCode: string, amount: number, culture: Culture): Promise<PaymentMethod[]> {
  if (!paymentsOpen()) return [];
  return paymentProvider().methods(countryCode, amount, culture);
}

function deliverSandbox(body: unknown): Promise<void> {
  return receiveWebhook("sandbox", body, { wait: true });
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
    asWebhook(deliverSandbox),
  );
  if (!result) throw new ApiError("PaymentNotFound");
  return { ok: true, result };
}

/**
 * Back from a redirect: `redirectResult` (a drop-in's challenge or local method) or our payment id (a
 * hosted page). What the provider's answer proves is applied like a notification; the browser's word
 * alone never marks an order paid.
 */
export async function submitDetails(back: {
  redirectResult?: string;
  paymentId?: string;
}): Promise<{ paymentId: string; resultCode: string; pspReference: string; refusalReason?: string }> {
  let providerRef: string | undefined;
  let provider = paymentProvider();
  if (back.paymentId) {
    const payment = await paymentById(db(), back.paymentId);
    if (!payment?.psp_reference) throw new ApiError("PaymentDetailsInvalid");
    providerRef = payment.psp_reference;
    provider = providerNamed(payment.provider);
  }
  const outcome = await provider
    .completeRedirect({ ...back, ...(providerRef ? { providerRef } : {}) }, deliverSandbox)
    .catch((error: unknown) => {
      if (error instanceof ProviderUnavailable) throw new ApiError("PaymentUnavailable");
      if (error instanceof ProviderRefused) throw new ApiError("PaymentDetailsInvalid");
      throw error;
    });
  if (!outcome) throw new ApiError("PaymentDetailsInvalid");
  for (const event of outcome.events) await applyEvent(provider, event);
  const { events: _events, ...result } = outcome;
  return result;
}

/** The latest state of an order's payment, for the confirmation page. */
export async function latestPayment(orderId: number) {
  return latestPaymentOf(db(), orderId);
}

/** The order's captured payment (what may be refunded), if any. */
export function capturedPayment(orderId: number) {
  return capturedPaymentOf(db(), orderId);
}

/** Where the payment page loads the provider's drop-in from, and the origins its CSP must allow (Adyen only). */
export function dropinAssets(): { script: string; style: string; origins: string[] } | null {
  const adyen = env().paymentProvider === "adyen" ? env().adyen : null;
  if (!adyen) return null;
  const script = adyen.sdkUrl;
  const origins = new Set([
    new URL(script).origin,
    `https://checkoutshopper-${adyen.environment}.adyen.com`,
    `https://checkoutshopper-${adyen.environment}.cdn.adyen.com`,
  ]);
  return { script, style: script.replace(/\.js$/, ".css"), origins: [...origins] };
}

/**
 * Refunds `amount` of an order's captured payment through its provider (a staff decision): the key makes
 * a repeated decision the same refund. PaymentNotFound when nothing was paid by the provider.
 */
export async function refundOrder(orderId: number, amount: number, idempotencyKey: string, refundRequestId: number) {
  const payment = await capturedPaymentOf(db(), orderId);
  if (!payment) throw new ApiError("PaymentNotFound");
  // A refund the provider refused is over: deciding again is a new refund, with a key of its own.
  const failed = (await refundsOfRequests(db(), [refundRequestId])).filter((r) => r.status === "Failed").length;
  return refundPayment(payment.id, amount, failed ? `${idempotencyKey}-${failed}` : idempotencyKey, refundRequestId);
}

/** Where the provider's refunds of these refund requests stand (Pending, Refunded, Failed). */
export async function refundStatesOfRequests(requestIds: number[]): Promise<Map<number, string>> {
  const rows = await refundsOfRequests(db(), requestIds);
  return new Map(rows.map((row) => [row.refund_request_id as number, row.status]));
}

/**
 * Where a provider's own payment page lives (Mollie's checkout links): the checkout's form ends there
 * through redirects, so that page's `form-action` must name it. Empty for a drop-in provider.
 */
export function hostedCheckoutOrigins(): string[] {
  if (env().paymentProvider !== "mollie") return [];
  return [...new Set(["https://www.mollie.com", new URL(env().MOLLIE_API_URL).origin])];
}
