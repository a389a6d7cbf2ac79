import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "~/server/config/env";
import { acceptSignedNotifications, signedNotificationEvents } from "./notification-items.server";
import {
  type CardForm,
  expiryValid,
  luhnValid,
  type NotificationItem,
  type PaymentResult,
  type PaymentSession,
  SANDBOX_CARDS,
} from "./payment";
import type { PaymentProvider } from "./provider.server";
import { signNotification } from "./webhook-signature.server";

/**
 * The built-in sandbox provider: no network, card checks done here, test cards for success, refusal
 * and a challenge (a local page that sends the shopper back with `redirectResult`), and a signed
 * webhook for every outcome, delivered to the shop's own webhook handler.
 */
export const SANDBOX_MERCHANT = "VitrineSandbox";

type Deliver = (item: NotificationItem) => Promise<void>;

/** The sandbox's notifications go to the shop's webhook intake as a provider's would. */
export function asWebhook(deliver: (webhookBody: unknown) => Promise<void>): Deliver {
  return (item) => deliver({ live: "false", notificationItems: [{ NotificationRequestItem: item }] });
}

function key(): Buffer {
  return Buffer.from(env().PAYMENT_HMAC_KEY, "hex");
}

/** A compact signed token: base64url(JSON).signature. */
function seal(payload: Record<string, unknown>): string {
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  const signature = createHmac("sha256", key()).update(`sandbox:${body}`).digest("base64url");
  return `${body}.${signature}`;
}

function open<T>(token: string): T | null {
  const [body, signature] = token.split(".");
  if (!body || !signature) return null;
  const expected = Buffer.from(createHmac("sha256", key()).update(`sandbox:${body}`).digest("base64url"));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as T;
  } catch {
    return null;
  }
}

export function createSandboxSession(payment: { id: string; amount: number }): PaymentSession {
  return {
    id: payment.id,
    sessionData: seal({ p: payment.id, a: payment.amount }),
    clientKey: "test_SANDBOX_CLIENT_KEY",
    environment: "test",
  };
}

export type CardProblem = "holderName" | "number" | "expiry" | "cvc" | "billingAddress";

/** What is wrong with the card form, field by field (Luhn, expiry, CVC length). */
export function cardProblems(card: CardForm, now = new Date()): CardProblem[] {
  const problems: CardProblem[] = [];
  if (!luhnValid(card.number)) problems.push("number");
  if (!expiryValid(card.expiry, now)) problems.push("expiry");
  const amex = /^3[47]/.test(card.number);
  if (card.cvc.length !== (amex ? 4 : 3)) problems.push("cvc");
  return problems;
}

function notification(payment: { id: string; amount: number }, psp: string, success: boolean, reason?: string) {
  const item: NotificationItem = {
    eventCode: "AUTHORISATION",
    success: success ? "true" : "false",
    pspReference: psp,
    merchantAccountCode: SANDBOX_MERCHANT,
    merchantReference: payment.id,
    amount: { value: payment.amount, currency: "EUR" },
    eventDate: new Date().toISOString(),
    ...(reason ? { reason } : {}),
  };
  item.additionalData = { hmacSignature: signNotification(item, env().PAYMENT_HMAC_KEY) };
  return item;
}

function pspReference(): string {
  return `SBX${randomBytes(8).toString("hex").toUpperCase()}`;
}

/**
 * Authorises a card for a session. The challenge card answers ChallengeShopper with the local
 * challenge page to visit; the others answer at once, and their webhook is delivered.
 */
export async function sandboxAuthorise(
  card: CardForm,
  context: { returnUrl: string; challengeUrl: (token: string) => string },
  deliver: Deliver,
): Promise<PaymentResult | null> {
  const session = open<{ p: string; a: number }>(card.sessionData);
  if (!session || session.p !== card.sessionId) return null;
  const payment = { id: session.p, amount: session.a };
  const psp = pspReference();
  if (card.number === SANDBOX_CARDS.challenge) {
    const token = seal({ p: payment.id, a: payment.amount, r: psp, u: context.returnUrl });
    return {
      resultCode: "ChallengeShopper",
      pspReference: psp,
      action: { type: "redirect", url: context.challengeUrl(token) },
    };
  }
  const refused = card.number === SANDBOX_CARDS.refused;
  await deliver(notification(payment, psp, !refused, refused ? "Refused" : undefined));
  return refused
    ? { resultCode: "Refused", pspReference: psp, refusalReason: "Refused" }
    : { resultCode: "Authorised", pspReference: psp };
}

export interface ChallengeInfo {
  paymentId: string;
  amount: number;
  returnUrl: string;
}

export function readChallenge(token: string): ChallengeInfo | null {
  const data = open<{ p: string; a: number; r: string; u: string }>(token);
  return data ? { paymentId: data.p, amount: data.a, returnUrl: data.u } : null;
}

/** The challenge page's answer: where to send the shopper back, carrying a signed redirectResult. */
export function completeChallenge(token: string, passed: boolean): string | null {
  const data = open<{ p: string; a: number; r: string; u: string }>(token);
  if (!data) return null;
  const redirectResult = seal({ p: data.p, a: data.a, r: data.r, ok: passed });
  const url = new URL(data.u, "http://local");
  url.searchParams.set("redirectResult", redirectResult);
  return `${url.pathname}${url.search}`;
}

/** Submitting the details after a redirect: the outcome the challenge recorded; its webhook is delivered. */
export async function sandboxDetails(
  redirectResult: string,
  deliver: Deliver,
): Promise<(PaymentResult & { paymentId: string }) | null> {
  const data = open<{ p: string; a: number; r: string; ok: boolean }>(redirectResult);
  if (!data) return null;
  await deliver(
    notification({ id: data.p, amount: data.a }, data.r, data.ok, data.ok ? undefined : "3D Not Authenticated"),
  );
  return data.ok
    ? { paymentId: data.p, resultCode: "Authorised", pspReference: data.r }
    : { paymentId: data.p, resultCode: "Refused", pspReference: data.r, refusalReason: "3D Not Authenticated" };
}

/**
 * The sandbox as a provider: card only, a drop-in of our own (CardForm.astro), its signed notifications
 * delivered in-process, refunds and cancellations answered at once (no network: demo shop and tests).
 */
export const sandboxProvider: PaymentProvider = {
  name: "sandbox",
  methods: async () => ["card"],
  createPayment: async (request) => ({
    kind: "dropin",
    session: createSandboxSession({ id: request.paymentId, amount: request.amount }),
  }),
  completeRedirect: async (back, deliver) => {
    if (!back.redirectResult) return null;
    const result = await sandboxDetails(back.redirectResult, asWebhook(deliver));
    if (!result) return null;
    return {
      paymentId: result.paymentId,
      resultCode: result.resultCode === "Authorised" ? "Authorised" : "Refused",
      pspReference: result.pspReference,
      ...(result.refusalReason ? { refusalReason: result.refusalReason } : {}),
      events: [],
    };
  },
  acceptWebhook: (body) => acceptSignedNotifications(body, [env().PAYMENT_HMAC_KEY]),
  eventsOf: async (stored) => signedNotificationEvents(stored),
  refund: async () => ({ providerRef: pspReference(), status: "Refunded" }),
  cancel: async () => {},
};
