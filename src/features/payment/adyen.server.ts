import { type AdyenSettings, env } from "~/server/config/env";
import { ApiError } from "~/server/http/errors";
import { acceptSignedNotifications, signedNotificationEvents } from "./notification-items.server";
import type { PaymentMethod } from "./payment";
import type { PaymentEvent, PaymentProvider, RedirectOutcome } from "./provider.server";
import { methodsCache, ProviderUnavailable, providerCall } from "./provider-http.server";

/**
 * Adyen's Checkout API, sessions flow (issue 34): `/sessions` creates what the Drop-in mounts with,
 * `/payments/details` completes a redirect (3-D Secure, Bancontact, iDEAL), the notification webhook
 * (HMAC-signed items) tells the outcome, `/payments/{psp}/refunds` and `/cancels` modify it. The base URL
 * is ADYEN_CHECKOUT_URL (version included), so the tests speak to tests/support/fake-adyen.ts.
 */
function settings(): AdyenSettings {
  const adyen = env().adyen;
  if (!adyen) throw new ApiError("PaymentUnavailable");
  return adyen;
}

/** Adyen's payment method types and ours. */
const TYPES: Record<PaymentMethod, string> = { card: "scheme", bancontact: "bcmc", ideal: "ideal" };

function call<T>(path: string, body: unknown, idempotencyKey?: string): Promise<T> {
  const adyen = settings();
  return providerCall<T>("adyen", `${adyen.checkoutUrl}${path}`, {
    method: "POST",
    headers: { "X-API-Key": adyen.apiKey },
    body,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
}

const locale = (culture: string, country: string) => `${culture}-${country}`;

const methods = methodsCache("adyen");

interface AdyenResult {
  resultCode?: string;
  pspReference?: string;
  merchantReference?: string;
  refusalReason?: string;
  amount?: { value: number; currency: string };
}

function outcome(answer: AdyenResult): RedirectOutcome | null {
  if (!answer.merchantReference || !answer.pspReference) return null;
  const code = answer.resultCode ?? "Error";
  const resultCode: RedirectOutcome["resultCode"] =
    code === "Authorised"
      ? "Authorised"
      : code === "Refused"
        ? "Refused"
        : code === "Cancelled"
          ? "Cancelled"
          : code === "Pending" || code === "Received"
            ? "Pending"
            : "Error";
  const events: PaymentEvent[] = [];
  // The answer of a server-to-server call is a verified read: it decides like the notification that follows.
  if ((resultCode === "Authorised" || resultCode === "Refused") && answer.amount)
    events.push({
      eventCode: "AUTHORISATION",
      success: resultCode === "Authorised",
      pspReference: answer.pspReference,
      merchantReference: answer.merchantReference,
      amount: answer.amount.value,
      currency: answer.amount.currency,
      eventDate: new Date().toISOString(),
      ...(answer.refusalReason ? { reason: answer.refusalReason } : {}),
    });
  return {
    paymentId: answer.merchantReference,
    resultCode,
    pspReference: answer.pspReference,
    ...(answer.refusalReason ? { refusalReason: answer.refusalReason } : {}),
    events,
  };
}

export const adyenProvider: PaymentProvider = {
  name: "adyen",
  methods: (countryCode, amount, culture) =>
    methods.get(countryCode, amount, async () => {
      const answer = await call<{ paymentMethods?: { type: string }[] }>("/paymentMethods", {
        merchantAccount: settings().merchantAccount,
        countryCode,
        amount: { currency: "EUR", value: amount },
        shopperLocale: locale(culture, countryCode),
        channel: "Web",
      });
      const types = new Set((answer.paymentMethods ?? []).map((m) => m.type));
      return (Object.keys(TYPES) as PaymentMethod[]).filter((m) => types.has(TYPES[m]));
    }),
  async createPayment(request) {
    const adyen = settings();
    const answer = await call<{ id: string; sessionData: string }>(
      "/sessions",
      {
        merchantAccount: adyen.merchantAccount,
        amount: { value: request.amount, currency: request.currency },
        reference: request.paymentId,
        returnUrl: request.returnUrl,
        countryCode: request.countryCode,
        shopperLocale: locale(request.culture, request.countryCode),
        shopperEmail: request.shopperEmail,
        channel: "Web",
        allowedPaymentMethods: [TYPES[request.method]],
        lineItems: request.lines,
      },
      `session-${request.paymentId}`,
    );
    if (typeof answer.id !== "string" || typeof answer.sessionData !== "string")
      throw new ProviderUnavailable("adyen", "a session without id or sessionData");
    return {
      kind: "dropin",
      session: {
        id: answer.id,
        sessionData: answer.sessionData,
        clientKey: adyen.clientKey,
        environment: adyen.environment,
      },
    };
  },
  async completeRedirect(back) {
    if (!back.redirectResult) return null;
    const answer = await call<AdyenResult>("/payments/details", { details: { redirectResult: back.redirectResult } });
    return outcome(answer);
  },
  acceptWebhook: (body) => acceptSignedNotifications(body, settings().hmacKeys),
  eventsOf: async (stored) => signedNotificationEvents(stored),
  async refund(payment, refund) {
    const answer = await call<{ pspReference: string; status: string }>(
      `/payments/${encodeURIComponent(payment.pspReference)}/refunds`,
      {
        merchantAccount: settings().merchantAccount,
        amount: { value: refund.amount, currency: "EUR" },
        reference: refund.id,
      },
      refund.idempotencyKey,
    );
    // "received": the outcome comes with the REFUND (or REFUND_FAILED) notification.
    return { providerRef: answer.pspReference, status: "Pending" };
  },
  async cancel(payment, idempotencyKey) {
    await call(
      `/payments/${encodeURIComponent(payment.pspReference)}/cancels`,
      { merchantAccount: settings().merchantAccount, reference: payment.id },
      idempotencyKey,
    );
  },
};

/** Tests change the fake's methods between cases. */
export function forgetAdyenMethodsForTests(): void {
  methods.clear();
}
