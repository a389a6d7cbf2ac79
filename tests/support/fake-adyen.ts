import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { NotificationItem } from "../../src/features/payment/payment";
import { signNotification } from "../../src/features/payment/webhook-signature.server";
import { listen, readRequest } from "./fake-http";

/**
 * A local fake of Adyen's Checkout API (v71) and of Adyen Web, written for the tests from Adyen's
 * published shapes: `/sessions`, `/paymentMethods`, `/payments/details`, `/payments/{psp}/refunds` and
 * `/cancels` (X-API-Key, Idempotency-Key, amounts in minor units, errors as `{status, errorCode, message,
 * errorType}`), HMAC-signed notification items (Adyen's documented signing string), and a minimal
 * Drop-in script (`window.AdyenWeb`) with a card form whose 3-D Secure card, Bancontact and iDEAL go
 * through a redirect and back with `redirectResult`. It can answer slowly, fail with 5xx or 422, hold
 * its notifications to deliver them repeated or out of order, and sign with a wrong key.
 */
export interface FakeAdyenOptions {
  apiKey: string;
  merchantAccount: string;
  hmacKey: string;
  /** Where notifications go: the shop's webhook URL, or a function (the in-process app of API tests). */
  webhook?: string | ((body: unknown) => Promise<number>);
  /** Types Adyen offers per country (default: scheme everywhere, bcmc in BE, ideal in NL). */
  methods?: (country: string) => string[];
}

interface Session {
  id: string;
  reference: string;
  amount: number;
  returnUrl: string;
  countryCode: string;
  allowed: string[];
}

interface Payment {
  psp: string;
  reference: string;
  amount: number;
  refunded: number;
  session: Session;
  method: string;
}

const CARDS = { success: "4111111111111111", refused: "4000000000000002", challenge: "4000000000003220" };

export async function startFakeAdyen(options: FakeAdyenOptions) {
  const sessions = new Map<string, Session>();
  const payments = new Map<string, Payment>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  /** redirectResult -> the outcome it proves. */
  const redirects = new Map<string, { psp: string; passed: boolean }>();
  const requests: { method: string; path: string; headers: IncomingMessage["headers"]; body: unknown }[] = [];
  const held: NotificationItem[] = [];
  const state = {
    delayMs: 0,
    /** The next N API calls fail with this status (500, 503, 422...). */
    failures: [] as number[],
    /** Notifications wait in `held` until the test delivers them. */
    hold: false,
    /** Sign notifications with this key instead (a forged one). */
    signKey: options.hmacKey,
  };

  const psp = () => randomBytes(8).toString("hex").toUpperCase();

  function item(fields: Partial<NotificationItem> & Pick<NotificationItem, "eventCode" | "pspReference">) {
    const base: NotificationItem = {
      success: "true",
      merchantAccountCode: options.merchantAccount,
      merchantReference: "",
      amount: { value: 0, currency: "EUR" },
      eventDate: new Date().toISOString(),
      ...fields,
    };
    return { ...base, additionalData: { hmacSignature: signNotification(base, state.signKey) } };
  }

  async function deliver(items: NotificationItem[]): Promise<number> {
    const body = { live: "false", notificationItems: items.map((i) => ({ NotificationRequestItem: i })) };
    if (!options.webhook) return 0;
    if (typeof options.webhook === "function") return options.webhook(body);
    const response = await fetch(options.webhook, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    await response.text();
    return response.status;
  }

  /** Deliveries under way (a redirect's end notifies without waiting, as Adyen does). */
  const delivering = new Set<Promise<unknown>>();
  async function notify(notification: NotificationItem): Promise<void> {
    if (state.hold) {
      held.push(notification);
      return;
    }
    const delivery = deliver([notification]);
    delivering.add(delivery);
    try {
      await delivery;
    } finally {
      delivering.delete(delivery);
    }
  }

  function authorisation(payment: Payment, success: boolean, reason?: string) {
    return item({
      eventCode: "AUTHORISATION",
      success: success ? "true" : "false",
      pspReference: payment.psp,
      merchantReference: payment.reference,
      amount: { value: payment.amount, currency: "EUR" },
      ...(reason ? { reason } : {}),
    });
  }

  function send(res: ServerResponse, status: number, body: unknown, type = "application/json") {
    res.writeHead(status, {
      "Content-Type": type,
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Headers": "Content-Type",
    });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  }
  const error = (res: ServerResponse, status: number, errorCode: string, message: string) =>
    send(res, status, { status, errorCode, message, errorType: status === 401 ? "security" : "validation" });

  /** The shopper's submit in the Drop-in (what Adyen Web posts with the client key). */
  async function submit(sessionId: string, method: string, number: string) {
    const session = sessions.get(sessionId);
    if (!session) return { status: 404, body: { status: 404, errorCode: "000", message: "session" } };
    const payment: Payment = {
      psp: psp(),
      reference: session.reference,
      amount: session.amount,
      refunded: 0,
      session,
      method,
    };
    payments.set(payment.psp, payment);
    if (method !== "scheme" || number === CARDS.challenge) {
      const url = `${base}/redirect?psp=${payment.psp}`;
      return { status: 200, body: { resultCode: "RedirectShopper", action: { type: "redirect", url, method: "GET" } } };
    }
    const ok = number === CARDS.success;
    await notify(authorisation(payment, ok, ok ? undefined : "Refused"));
    return { status: 200, body: { resultCode: ok ? "Authorised" : "Refused", sessionData: "Ab02..." } };
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string, body: Record<string, unknown>) {
    if (req.headers["x-api-key"] !== options.apiKey)
      return error(res, 401, "000", "HTTP Status Response - Unauthorized");
    const failure = state.failures.shift();
    if (failure) return error(res, failure, failure === 422 ? "14_030" : "905", "Simulated failure");
    if (body.merchantAccount !== undefined && body.merchantAccount !== options.merchantAccount)
      return error(res, 403, "901", "Invalid Merchant Account");
    const key = req.headers["idempotency-key"] as string | undefined;
    if (key && idempotent.has(`${path}:${key}`)) {
      const again = idempotent.get(`${path}:${key}`) as { status: number; body: unknown };
      return send(res, again.status, again.body);
    }
    const remember = (status: number, answer: unknown) => {
      if (key) idempotent.set(`${path}:${key}`, { status, body: answer });
      send(res, status, answer);
    };
    if (path === "/v71/sessions") {
      const amount = body.amount as { value?: unknown; currency?: unknown } | undefined;
      if (!Number.isInteger(amount?.value) || amount?.currency !== "EUR")
        return error(res, 422, "137", "Invalid amount specified");
      if (typeof body.reference !== "string" || typeof body.returnUrl !== "string")
        return error(res, 422, "130", "Required field missing");
      const session: Session = {
        id: `CS${randomBytes(8).toString("hex").toUpperCase()}`,
        reference: body.reference,
        amount: amount.value as number,
        returnUrl: body.returnUrl,
        countryCode: String(body.countryCode ?? ""),
        allowed: (body.allowedPaymentMethods as string[] | undefined) ?? [],
      };
      sessions.set(session.id, session);
      return remember(201, {
        id: session.id,
        sessionData: `Ab02b4c0!${Buffer.from(session.id).toString("base64")}`,
        amount,
        reference: session.reference,
        returnUrl: session.returnUrl,
        merchantAccount: options.merchantAccount,
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
    }
    if (path === "/v71/paymentMethods") {
      const country = String(body.countryCode ?? "");
      const types = options.methods?.(country) ?? [
        "scheme",
        ...(country === "BE" ? ["bcmc"] : []),
        ...(country === "NL" ? ["ideal"] : []),
      ];
      return send(res, 200, { paymentMethods: types.map((type) => ({ type, name: type })) });
    }
    if (path === "/v71/payments/details") {
      const result = redirects.get(String((body.details as { redirectResult?: string } | undefined)?.redirectResult));
      if (!result) return error(res, 422, "101", "Invalid redirectResult");
      const payment = payments.get(result.psp) as Payment;
      return send(res, 200, {
        resultCode: result.passed ? "Authorised" : "Refused",
        pspReference: payment.psp,
        merchantReference: payment.reference,
        amount: { value: payment.amount, currency: "EUR" },
        ...(result.passed ? {} : { refusalReason: "3D Not Authenticated" }),
      });
    }
    const modification = /^\/v71\/payments\/([A-Z0-9]+)\/(refunds|cancels)$/.exec(path);
    if (modification) {
      const payment = payments.get(modification[1] as string);
      if (!payment) return error(res, 422, "167", "Original pspReference required for this operation");
      const reference = psp();
      if (modification[2] === "cancels") {
        await notify(
          item({
            eventCode: "CANCELLATION",
            pspReference: reference,
            originalReference: payment.psp,
            merchantReference: payment.reference,
            amount: { value: payment.amount, currency: "EUR" },
          }),
        );
        return remember(201, { paymentPspReference: payment.psp, pspReference: reference, status: "received" });
      }
      const amount = body.amount as { value: number; currency: string };
      if (!Number.isInteger(amount?.value) || amount.value <= 0) return error(res, 422, "137", "Invalid amount");
      // Adyen accepts the request and tells the outcome in the notification: more than is left fails there.
      const fits = payment.refunded + amount.value <= payment.amount;
      if (fits) payment.refunded += amount.value;
      await notify(
        item({
          eventCode: fits ? "REFUND" : "REFUND_FAILED",
          success: "true",
          pspReference: reference,
          originalReference: payment.psp,
          merchantReference: String(body.reference ?? ""),
          amount: { value: amount.value, currency: "EUR" },
        }),
      );
      return remember(201, {
        merchantAccount: options.merchantAccount,
        paymentPspReference: payment.psp,
        pspReference: reference,
        reference: body.reference,
        status: "received",
        amount,
      });
    }
    return error(res, 404, "000", "Not found");
  }

  const server = createServer(async (req, res) => {
    const { url, text, body: parsed } = await readRequest(req);
    if (!parsed) return error(res, 400, "702", "Malformed JSON");
    const body = parsed;
    requests.push({ method: req.method ?? "", path: url.pathname, headers: req.headers, body });
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (req.method === "OPTIONS") return send(res, 204, "");
    if (url.pathname === "/sdk/adyen.js") return send(res, 200, DROPIN, "text/javascript");
    if (url.pathname === "/sdk/adyen.css") return send(res, 200, ".fake-dropin{display:block}", "text/css");
    const shopper = /^\/checkoutshopper\/v1\/sessions\/([A-Z0-9]+)\/payments$/.exec(url.pathname);
    if (shopper && req.method === "POST") {
      const answer = await submit(shopper[1] as string, String(body.type ?? "scheme"), String(body.number ?? ""));
      return send(res, answer.status, answer.body);
    }
    if (url.pathname === "/redirect") {
      const payment = payments.get(url.searchParams.get("psp") ?? "");
      if (!payment) return send(res, 404, "no such payment", "text/plain");
      if (req.method === "POST") {
        const passed = new URLSearchParams(text).get("outcome") === "pass";
        const back = new URL(payment.session.returnUrl);
        back.searchParams.set("redirectResult", completeRedirect(payment.psp, passed));
        res.writeHead(303, { Location: back.href });
        return res.end();
      }
      return send(
        res,
        200,
        `<!doctype html><meta charset="utf-8"><title>Adyen test redirect</title><h1>${payment.method} ${(payment.amount / 100).toFixed(2)} EUR</h1><form method="post"><button name="outcome" value="pass">Authorise</button><button name="outcome" value="fail">Cancel</button></form>`,
        "text/html; charset=utf-8",
      );
    }
    return api(req, res, url.pathname, body);
  });

  /** The redirect's end: a redirectResult for the return URL; its notification is sent as Adyen does. */
  function completeRedirect(pspReference: string, passed: boolean): string {
    const payment = payments.get(pspReference) as Payment;
    const token = `rr_${randomBytes(12).toString("base64url")}`;
    redirects.set(token, { psp: pspReference, passed });
    void notify(authorisation(payment, passed, passed ? undefined : "3D Not Authenticated"));
    return token;
  }

  const { base, close } = await listen(server);
  return {
    url: `${base}/v71`,
    sdkUrl: `${base}/sdk/adyen.js`,
    origin: base,
    state,
    requests,
    held,
    sessions,
    payments,
    item,
    deliver,
    /** Waits until every notification sent is answered. */
    idle: async () => {
      while (delivering.size) await Promise.allSettled([...delivering]);
    },
    /** The Drop-in's submit, as a shopper's browser would make it. */
    submit,
    completeRedirect,
    close,
  };
}

/** A minimal Adyen Web: `window.AdyenWeb.AdyenCheckout` and `Dropin`, a card field and the local methods. */
const DROPIN = `(() => {
  async function AdyenCheckout(o) { return o; }
  class Dropin {
    constructor(checkout) { this.checkout = checkout; }
    mount(target) {
      const c = this.checkout;
      const el = typeof target === "string" ? document.querySelector(target) : target;
      el.innerHTML = '<form class="fake-dropin" data-fake-dropin><label>Card number <input name="number" autocomplete="cc-number"></label>' +
        '<label><input type="radio" name="type" value="scheme" checked> Card</label>' +
        '<label><input type="radio" name="type" value="bcmc"> Bancontact</label>' +
        '<label><input type="radio" name="type" value="ideal"> iDEAL</label>' +
        '<button type="submit">Pay</button></form>';
      el.querySelector("form").addEventListener("submit", async (event) => {
        event.preventDefault();
        const data = Object.fromEntries(new FormData(event.target));
        const base = window.__fakeAdyenOrigin;
        const response = await fetch(base + "/checkoutshopper/v1/sessions/" + c.session.id + "/payments?clientKey=" + c.clientKey, {
          method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(data) });
        const result = await response.json();
        if (result.action && result.action.type === "redirect") { window.location.assign(result.action.url); return; }
        if (result.resultCode === "Authorised") c.onPaymentCompleted(result); else c.onPaymentFailed(result);
      });
    }
  }
  window.__fakeAdyenOrigin = new URL(document.currentScript.src).origin;
  window.AdyenWeb = { AdyenCheckout, Dropin };
})();`;
