import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listen, readRequest } from "./fake-http";

/**
 * A local fake of Mollie's Payments API v2, written for the tests from Mollie's published shapes:
 * `POST /v2/payments` (amount `{currency, value: "10.00"}`, method, redirectUrl, webhookUrl, metadata,
 * Bearer key, Idempotency-Key), `GET /v2/payments/{id}` with `_links.checkout`, refunds and chargebacks
 * lists, `POST /v2/payments/{id}/refunds`, `GET /v2/methods`, errors as `application/hal+json`
 * `{status, title, detail, field}`. Its checkout page lets a shopper pay, fail or cancel; a change of
 * status calls the payment's webhook with `id=tr_…` as a form post, as Mollie does (unsigned: the shop
 * must read the payment back). It can be slow, fail with 5xx or 422, and call a webhook again.
 */
export interface FakeMollieOptions {
  apiKey: string;
  /** Delivers a webhook call to the shop (API tests: the in-process app); default: a form POST to its webhookUrl. */
  webhook?: (url: string, id: string) => Promise<number>;
}

type Status = "open" | "canceled" | "pending" | "authorized" | "expired" | "failed" | "paid";

interface Payment {
  id: string;
  status: Status;
  amount: { currency: string; value: string };
  method: string;
  description: string;
  redirectUrl: string;
  webhookUrl: string;
  metadata: Record<string, unknown> | null;
  createdAt: string;
  paidAt?: string;
  refunds: Refund[];
  chargebacks: { id: string; amount: { currency: string; value: string }; createdAt: string }[];
}

interface Refund {
  id: string;
  status: "queued" | "pending" | "processing" | "refunded" | "failed" | "canceled";
  amount: { currency: string; value: string };
  metadata: Record<string, unknown> | null;
  createdAt: string;
}

const cents = (value: string) => Math.round(Number(value) * 100);
const money = (c: number) => ({ currency: "EUR", value: (c / 100).toFixed(2) });

export async function startFakeMollie(options: FakeMollieOptions) {
  const payments = new Map<string, Payment>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: { method: string; path: string; headers: IncomingMessage["headers"]; body: unknown }[] = [];
  const state = { delayMs: 0, failures: [] as number[] };

  const id = (prefix: string) => `${prefix}_${randomBytes(7).toString("hex")}`;

  function view(payment: Payment) {
    const refunded = payment.refunds.filter((r) => r.status !== "failed" && r.status !== "canceled");
    const refundedCents = refunded.reduce((n, r) => n + cents(r.amount.value), 0);
    const charged = payment.chargebacks.reduce((n, c) => n + cents(c.amount.value), 0);
    return {
      resource: "payment",
      id: payment.id,
      mode: "test",
      status: payment.status,
      amount: payment.amount,
      description: payment.description,
      method: payment.method,
      metadata: payment.metadata,
      redirectUrl: payment.redirectUrl,
      webhookUrl: payment.webhookUrl,
      createdAt: payment.createdAt,
      ...(payment.paidAt ? { paidAt: payment.paidAt } : {}),
      ...(refundedCents ? { amountRefunded: money(refundedCents) } : {}),
      ...(payment.status === "paid" ? { amountRemaining: money(cents(payment.amount.value) - refundedCents) } : {}),
      ...(charged ? { amountChargedBack: money(charged) } : {}),
      _links: {
        self: { href: `${base}/v2/payments/${payment.id}`, type: "application/hal+json" },
        ...(payment.status === "open"
          ? { checkout: { href: `${base}/checkout/${payment.id}`, type: "text/html" } }
          : {}),
        ...(payment.refunds.length ? { refunds: { href: `${base}/v2/payments/${payment.id}/refunds` } } : {}),
        ...(payment.chargebacks.length
          ? { chargebacks: { href: `${base}/v2/payments/${payment.id}/chargebacks` } }
          : {}),
      },
    };
  }

  function send(res: ServerResponse, status: number, body: unknown, type = "application/hal+json") {
    res.writeHead(status, { "Content-Type": type });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  }
  const error = (res: ServerResponse, status: number, detail: string, field?: string) =>
    send(res, status, {
      status,
      title: status === 401 ? "Unauthorized Request" : status === 404 ? "Not Found" : "Unprocessable Entity",
      detail,
      ...(field ? { field } : {}),
      _links: { documentation: { href: "https://docs.mollie.com/overview/handling-errors", type: "text/html" } },
    });

  async function callWebhook(payment: Payment): Promise<number> {
    if (options.webhook) return options.webhook(payment.webhookUrl, payment.id);
    const response = await fetch(payment.webhookUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: payment.id }),
    });
    await response.text();
    return response.status;
  }

  const METHODS = ["creditcard", "bancontact", "ideal"];

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, body: Record<string, unknown>) {
    if (req.headers.authorization !== `Bearer ${options.apiKey}`)
      return error(res, 401, "Missing authentication, or failed to authenticate");
    const failure = state.failures.shift();
    if (failure) return error(res, failure, "Simulated failure");
    const key = req.headers["idempotency-key"] as string | undefined;
    const memo = `${req.method} ${url.pathname}:${key}`;
    if (key && idempotent.has(memo)) {
      const again = idempotent.get(memo) as { status: number; body: unknown };
      return send(res, again.status, again.body);
    }
    const remember = (status: number, answer: unknown) => {
      if (key) idempotent.set(memo, { status, body: answer });
      send(res, status, answer);
    };
    const path = url.pathname;
    if (path === "/v2/methods" && req.method === "GET") {
      const country = url.searchParams.get("billingCountry") ?? "";
      const ids = ["creditcard", ...(country === "BE" ? ["bancontact"] : []), ...(country === "NL" ? ["ideal"] : [])];
      return send(res, 200, {
        count: ids.length,
        _embedded: {
          methods: ids.map((m) => ({ resource: "method", id: m, description: m, image: { svg: `${base}/${m}.svg` } })),
        },
      });
    }
    if (path === "/v2/payments" && req.method === "POST") {
      const amount = body.amount as { currency?: string; value?: string } | undefined;
      if (amount?.currency !== "EUR" || !/^\d+\.\d{2}$/.test(amount.value ?? ""))
        return error(res, 422, "The amount is invalid", "amount.value");
      if (!METHODS.includes(String(body.method))) return error(res, 422, "The payment method is invalid", "method");
      for (const field of ["redirectUrl", "webhookUrl", "description"])
        if (typeof body[field] !== "string" || !(body[field] as string))
          return error(res, 422, `The ${field} is missing`, field);
      const payment: Payment = {
        id: id("tr"),
        status: "open",
        amount: { currency: "EUR", value: amount.value as string },
        method: String(body.method),
        description: String(body.description),
        redirectUrl: String(body.redirectUrl),
        webhookUrl: String(body.webhookUrl),
        metadata: (body.metadata as Record<string, unknown>) ?? null,
        createdAt: new Date().toISOString(),
        refunds: [],
        chargebacks: [],
      };
      payments.set(payment.id, payment);
      return remember(201, view(payment));
    }
    const one = /^\/v2\/payments\/(tr_[a-z0-9]+)(\/refunds|\/chargebacks)?$/.exec(path);
    const payment = one ? payments.get(one[1] as string) : undefined;
    if (one && !payment) return error(res, 404, "No payment exists with token");
    if (payment && !one?.[2] && req.method === "GET") return send(res, 200, view(payment));
    if (payment && !one?.[2] && req.method === "DELETE") {
      if (payment.status !== "open") return error(res, 422, "The payment cannot be canceled");
      payment.status = "canceled";
      return send(res, 200, view(payment));
    }
    if (payment && one?.[2] === "/refunds" && req.method === "GET")
      return send(res, 200, {
        count: payment.refunds.length,
        _embedded: { refunds: payment.refunds.map((r) => refundView(payment, r)) },
      });
    if (payment && one?.[2] === "/chargebacks" && req.method === "GET")
      return send(res, 200, {
        count: payment.chargebacks.length,
        _embedded: {
          chargebacks: payment.chargebacks.map((c) => ({ resource: "chargeback", paymentId: payment.id, ...c })),
        },
      });
    if (payment && one?.[2] === "/refunds" && req.method === "POST") {
      const amount = body.amount as { currency?: string; value?: string } | undefined;
      if (!amount || !/^\d+\.\d{2}$/.test(amount.value ?? ""))
        return error(res, 422, "The amount is invalid", "amount.value");
      if (payment.status !== "paid") return error(res, 422, "The payment cannot be refunded");
      const left =
        cents(payment.amount.value) -
        payment.refunds.filter((r) => r.status !== "failed").reduce((n, r) => n + cents(r.amount.value), 0);
      if (cents(amount.value as string) > left)
        return error(res, 422, "The amount is higher than the amount remaining", "amount.value");
      const refund: Refund = {
        id: id("re"),
        status: "pending",
        amount: { currency: "EUR", value: amount.value as string },
        metadata: (body.metadata as Record<string, unknown>) ?? null,
        createdAt: new Date().toISOString(),
      };
      payment.refunds.push(refund);
      return remember(201, refundView(payment, refund));
    }
    return error(res, 404, "Not found");
  }

  const refundView = (payment: Payment, refund: Refund) => ({ resource: "refund", paymentId: payment.id, ...refund });

  const server = createServer(async (req, res) => {
    const { url, text, body: parsed } = await readRequest(req);
    if (!parsed) return error(res, 400, "Malformed JSON");
    const body = parsed;
    requests.push({ method: req.method ?? "", path: url.pathname, headers: req.headers, body });
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    const checkout = /^\/checkout\/(tr_[a-z0-9]+)$/.exec(url.pathname);
    if (checkout) {
      const payment = payments.get(checkout[1] as string);
      if (!payment) return send(res, 404, "no such payment", "text/plain");
      if (req.method === "POST") {
        const outcome = new URLSearchParams(text).get("status") as Status;
        await setStatus(payment.id, outcome);
        res.writeHead(303, { Location: payment.redirectUrl });
        return res.end();
      }
      return send(
        res,
        200,
        `<!doctype html><meta charset="utf-8"><title>Mollie test checkout</title><h1>${payment.method} € ${payment.amount.value}</h1><form method="post"><button name="status" value="paid">Paid</button><button name="status" value="failed">Failed</button><button name="status" value="canceled">Canceled</button></form>`,
        "text/html; charset=utf-8",
      );
    }
    return api(req, res, url, body);
  });

  /** Moves a payment (as the shopper's bank would) and calls its webhook. */
  async function setStatus(paymentId: string, status: Status, options: { call?: boolean } = {}) {
    const payment = payments.get(paymentId) as Payment;
    payment.status = status;
    if (status === "paid") payment.paidAt = new Date().toISOString();
    if (options.call !== false) await callWebhook(payment);
  }

  async function settleRefund(paymentId: string, refundId: string, status: "refunded" | "failed") {
    const payment = payments.get(paymentId) as Payment;
    const refund = payment.refunds.find((r) => r.id === refundId) as Refund;
    refund.status = status;
    await callWebhook(payment);
  }

  async function chargeback(paymentId: string, amountCents: number) {
    const payment = payments.get(paymentId) as Payment;
    payment.chargebacks.push({ id: id("chb"), amount: money(amountCents), createdAt: new Date().toISOString() });
    await callWebhook(payment);
  }

  const { base, close } = await listen(server);
  return {
    url: base,
    state,
    requests,
    payments,
    setStatus,
    settleRefund,
    chargeback,
    callWebhook: (paymentId: string) => callWebhook(payments.get(paymentId) as Payment),
    close,
  };
}
