import { env } from "~/server/config/env";
import { ApiError } from "~/server/http/errors";
import type { PaymentMethod } from "./payment";
import type { PaymentEvent, PaymentProvider, RedirectOutcome } from "./provider.server";
import { methodsCache, ProviderRefused, ProviderUnavailable, providerCall } from "./provider-http.server";

/**
 * Mollie's Payments API v2 (issue 34): the shopper pays on Mollie's checkout page (Bancontact, iDEAL,
 * cards), comes back to our return URL, and Mollie posts `id=tr_…` to our webhook. Neither the return
 * nor the webhook is trusted: each reads the payment (and its refunds and chargebacks) from the API and
 * acts on what it says. The base URL is MOLLIE_API_URL, so the tests speak to tests/support/fake-mollie.ts.
 */
const METHODS: Record<PaymentMethod, string> = { card: "creditcard", bancontact: "bancontact", ideal: "ideal" };
/** The locales Mollie's checkout speaks among ours (culture_COUNTRY), else the culture's main one. */
const LOCALES = new Set(["fr_FR", "fr_BE", "nl_NL", "nl_BE", "de_DE", "de_AT", "de_CH", "es_ES", "it_IT", "pt_PT"]);
const MAIN: Record<string, string> = {
  fr: "fr_FR",
  nl: "nl_NL",
  de: "de_DE",
  es: "es_ES",
  it: "it_IT",
  pt: "pt_PT",
};

function locale(culture: string, country: string): string {
  const wanted = `${culture}_${country}`;
  return LOCALES.has(wanted) ? wanted : (MAIN[culture] ?? "en_US");
}

/** Mollie's amounts are strings with two decimals ("10.00"); ours are integer cents. */
export const mollieValue = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
export function centsOf(value: string): number {
  const match = /^(\d+)\.(\d{2})$/.exec(value);
  if (!match) throw new ProviderUnavailable("mollie", `an amount that is not money: ${value}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

function call<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown, idempotencyKey?: string) {
  const key = env().MOLLIE_API_KEY;
  if (!key) throw new ApiError("PaymentUnavailable");
  return providerCall<T>("mollie", `${env().MOLLIE_API_URL.replace(/\/$/, "")}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}` },
    ...(body === undefined ? {} : { body }),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
}

interface MolliePayment {
  id: string;
  status: "open" | "canceled" | "pending" | "authorized" | "expired" | "failed" | "paid";
  amount: { currency: string; value: string };
  amountRefunded?: { currency: string; value: string };
  amountChargedBack?: { currency: string; value: string };
  metadata?: { paymentId?: string } | null;
  createdAt: string;
  paidAt?: string;
  failedAt?: string;
  canceledAt?: string;
  expiredAt?: string;
  _links: { checkout?: { href: string }; refunds?: unknown; chargebacks?: unknown };
}

interface MollieRefund {
  id: string;
  status: "queued" | "pending" | "processing" | "refunded" | "failed" | "canceled";
  amount: { currency: string; value: string };
  metadata?: { refundId?: string } | null;
  createdAt: string;
}

interface MollieChargeback {
  id: string;
  amount: { currency: string; value: string };
  createdAt: string;
  reason?: { code: string; description: string } | null;
}

const TR = /^tr_[A-Za-z0-9]{4,40}$/;

/** What a payment read says happened, as events (each told once: its own id and kind). */
async function eventsOfPayment(payment: MolliePayment): Promise<PaymentEvent[]> {
  const paymentId = payment.metadata?.paymentId;
  if (!paymentId) return [];
  const events: PaymentEvent[] = [];
  const base = { currency: payment.amount.currency };
  if (
    payment.status === "paid" ||
    payment.status === "failed" ||
    payment.status === "canceled" ||
    payment.status === "expired"
  )
    events.push({
      ...base,
      eventCode: "AUTHORISATION",
      success: payment.status === "paid",
      pspReference: payment.id,
      merchantReference: paymentId,
      amount: centsOf(payment.amount.value),
      eventDate: payment.paidAt ?? payment.failedAt ?? payment.canceledAt ?? payment.expiredAt ?? payment.createdAt,
      ...(payment.status === "paid" ? {} : { reason: payment.status }),
    });
  if (payment._links.refunds || (payment.amountRefunded && payment.amountRefunded.value !== "0.00")) {
    const list = await call<{ _embedded?: { refunds?: MollieRefund[] } }>(
      "GET",
      `/v2/payments/${payment.id}/refunds?limit=250`,
    );
    for (const refund of list._embedded?.refunds ?? []) {
      if (refund.status !== "refunded" && refund.status !== "failed" && refund.status !== "canceled") continue;
      events.push({
        ...base,
        eventCode: refund.status === "refunded" ? "REFUND" : "REFUND_FAILED",
        success: true,
        pspReference: refund.id,
        originalReference: payment.id,
        merchantReference: refund.metadata?.refundId ?? "",
        amount: centsOf(refund.amount.value),
        eventDate: refund.createdAt,
      });
    }
  }
  if (payment._links.chargebacks || (payment.amountChargedBack && payment.amountChargedBack.value !== "0.00")) {
    const list = await call<{ _embedded?: { chargebacks?: MollieChargeback[] } }>(
      "GET",
      `/v2/payments/${payment.id}/chargebacks?limit=250`,
    );
    for (const chargeback of list._embedded?.chargebacks ?? [])
      events.push({
        ...base,
        eventCode: "CHARGEBACK",
        success: true,
        pspReference: chargeback.id,
        originalReference: payment.id,
        merchantReference: paymentId,
        amount: centsOf(chargeback.amount.value),
        eventDate: chargeback.createdAt,
        ...(chargeback.reason ? { reason: chargeback.reason.code } : {}),
      });
  }
  return events;
}

const methods = methodsCache("mollie");

export const mollieProvider: PaymentProvider = {
  name: "mollie",
  methods: (countryCode, amount, culture) =>
    methods.get(countryCode, amount, async () => {
      const query = new URLSearchParams({
        "amount[value]": mollieValue(Math.max(amount, 100)),
        "amount[currency]": "EUR",
        locale: locale(culture, countryCode),
        billingCountry: countryCode,
      });
      const answer = await call<{ _embedded?: { methods?: { id: string }[] } }>("GET", `/v2/methods?${query}`);
      const ids = new Set((answer._embedded?.methods ?? []).map((m) => m.id));
      return (Object.keys(METHODS) as PaymentMethod[]).filter((m) => ids.has(METHODS[m]));
    }),
  async createPayment(request) {
    const back = new URL(request.returnUrl);
    back.searchParams.set("payment", request.paymentId);
    const answer = await call<MolliePayment>(
      "POST",
      "/v2/payments",
      {
        amount: { currency: request.currency, value: mollieValue(request.amount) },
        description: `${request.orderNumber}`,
        redirectUrl: back.href,
        cancelUrl: back.href,
        webhookUrl: request.webhookUrl,
        method: METHODS[request.method],
        locale: locale(request.culture, request.countryCode),
        metadata: { paymentId: request.paymentId, orderNumber: request.orderNumber },
      },
      `payment-${request.paymentId}`,
    );
    const url = answer._links?.checkout?.href;
    if (!TR.test(answer.id ?? "") || !url)
      throw new ProviderUnavailable("mollie", "a payment without id or checkout link");
    return { kind: "redirect", url, providerRef: answer.id };
  },
  async completeRedirect(back) {
    if (!back.providerRef || !TR.test(back.providerRef) || !back.paymentId) return null;
    const payment = await call<MolliePayment>("GET", `/v2/payments/${back.providerRef}`);
    if (payment.metadata?.paymentId !== back.paymentId) return null;
    const resultCode: RedirectOutcome["resultCode"] =
      payment.status === "paid"
        ? "Authorised"
        : payment.status === "failed"
          ? "Refused"
          : payment.status === "canceled" || payment.status === "expired"
            ? "Cancelled"
            : "Pending";
    return {
      paymentId: back.paymentId,
      resultCode,
      pspReference: payment.id,
      events: await eventsOfPayment(payment),
    };
  },
  acceptWebhook(body) {
    const id = (body as { id?: unknown } | null)?.id;
    if (typeof id !== "string" || !TR.test(id)) throw new ApiError("ValidationFailed");
    return id;
  },
  async eventsOf(stored) {
    try {
      return await eventsOfPayment(await call<MolliePayment>("GET", `/v2/payments/${stored}`));
    } catch (error) {
      // An id Mollie does not know (a made-up call to our webhook): nothing happened.
      if (error instanceof ProviderRefused && error.status === 404) return [];
      throw error;
    }
  },
  async refund(payment, refund) {
    const answer = await call<MollieRefund>(
      "POST",
      `/v2/payments/${payment.pspReference}/refunds`,
      {
        amount: { currency: "EUR", value: mollieValue(refund.amount) },
        description: `Refund ${refund.id}`,
        metadata: { refundId: refund.id },
      },
      refund.idempotencyKey,
    );
    return {
      providerRef: answer.id,
      status: answer.status === "refunded" ? "Refunded" : answer.status === "failed" ? "Failed" : "Pending",
    };
  },
  async cancel(payment) {
    await call("DELETE", `/v2/payments/${payment.pspReference}`);
  },
};

export function forgetMollieMethodsForTests(): void {
  methods.clear();
}
