import { env } from "~/server/config/env";
import { ApiError } from "~/server/http/errors";
import { adyenProvider } from "./adyen.server";
import { mollieProvider } from "./mollie.server";
import type { PaymentMethod, PaymentSession } from "./payment";
import { sandboxProvider } from "./sandbox.server";

/** What the shop asks a provider to collect for one payment attempt of an order. */
export interface PaymentRequest {
  /** Our payment id: the provider's merchant reference, what its notifications name. */
  paymentId: string;
  /** In cents; what prepaid credit paid is already deducted. */
  amount: number;
  currency: "EUR";
  orderNumber: string;
  /** The shopper's culture and price country (the provider's page speaks her language). */
  culture: string;
  countryCode: string;
  /** Where the provider sends the shopper back (absolute). */
  returnUrl: string;
  /** Where a provider that calls back per payment (Mollie) posts its notification (absolute). */
  webhookUrl: string;
  /** The method the shopper chose at the checkout. */
  method: PaymentMethod;
  shopperEmail: string;
  /** The order's lines as the provider shows them (amounts tax included, cents). */
  lines: { id: string; description: string; quantity: number; amountIncludingTax: number }[];
}

/** How the shopper pays: a drop-in mounted on our payment page, or the provider's own page. */
export type PaymentStart =
  | { kind: "dropin"; session: PaymentSession; providerRef?: string }
  | { kind: "redirect"; url: string; providerRef: string };

/**
 * One thing a provider tells about a payment, in one shape whatever the provider (the fields of Adyen's
 * notification items, which the sandbox and the Mollie adapter produce too). `pspReference` names the
 * event's own object (the payment for AUTHORISATION, the refund for REFUND...), so an event told twice is
 * recognised; `originalReference` names the payment for the others.
 */
export interface PaymentEvent {
  eventCode: "AUTHORISATION" | "CAPTURE" | "CANCELLATION" | "REFUND" | "REFUND_FAILED" | "CHARGEBACK" | (string & {});
  success: boolean;
  pspReference: string;
  originalReference?: string;
  /** Our payment id (AUTHORISATION), or our refund id (REFUND, REFUND_FAILED) when the provider carries it. */
  merchantReference: string;
  amount: number;
  currency: string;
  eventDate: string;
  reason?: string;
}

/** What a provider says of a redirect's return: the payment, its result, and what the read proved. */
export interface RedirectOutcome {
  paymentId: string;
  resultCode: "Authorised" | "Refused" | "Pending" | "Cancelled" | "Error";
  pspReference: string;
  refusalReason?: string;
  /** Events the provider's own answer proves (a verified read): applied as a notification would be. */
  events: PaymentEvent[];
}

/**
 * A payment provider (issue 34): every caller in this feature goes through it, never through one
 * provider's module. The sandbox is one implementation (demo shop and tests; a public site refuses it,
 * src/server/config/env.ts); Adyen and Mollie implement the same methods against their HTTP APIs, whose
 * base URLs are settings so tests point them at local fakes (tests/support/fake-adyen.ts, fake-mollie.ts).
 */
export interface PaymentProvider {
  readonly name: "sandbox" | "adyen" | "mollie";
  /** The methods it takes from a shopper of this country for this amount (a refused one is not offered). */
  methods(countryCode: string, amount: number, culture: string): Promise<PaymentMethod[]>;
  /** Starts a payment: a drop-in session (spec 001: id, session data, environment, client key) or a redirect. */
  createPayment(request: PaymentRequest): Promise<PaymentStart>;
  /**
   * Back from a redirect: `redirectResult` (drop-in) or our payment id (a hosted page). The outcome as
   * the provider reads it; null when the return is not one the provider issued.
   */
  completeRedirect(
    back: { redirectResult?: string; paymentId?: string; providerRef?: string },
    /** The shop's webhook intake, for a provider that notifies from inside this process (the sandbox). */
    deliver: (webhookBody: unknown) => Promise<void>,
  ): Promise<RedirectOutcome | null>;
  /**
   * A webhook's body, checked before anything is stored: what to store (throws InvalidSignature when a
   * signed item is forged). Mollie's is an id only, never trusted: its events come from reading the payment.
   */
  acceptWebhook(body: unknown): string;
  /** The events a stored notification tells (read from the provider where its body is not trusted). */
  eventsOf(stored: string): Promise<PaymentEvent[]>;
  /** Refunds part or all of a captured payment; the same idempotency key never refunds twice. */
  refund(
    payment: { id: string; pspReference: string; amount: number },
    refund: { id: string; amount: number; idempotencyKey: string },
  ): Promise<{ providerRef: string; status: "Pending" | "Refunded" | "Failed" }>;
  /** Cancels an authorisation not captured yet. */
  cancel(payment: { id: string; pspReference: string }, idempotencyKey: string): Promise<void>;
}

/** The configured provider; none (PAYMENT_PROVIDER=none, a public site's default) means no payment. */
export function paymentProvider(): PaymentProvider {
  const name = env().paymentProvider;
  if (name === "none") throw new ApiError("PaymentNotConfigured");
  return providerNamed(name);
}

/** The provider a stored payment or notification was made with (a notification outlives a change of setting). */
export function providerNamed(name: string): PaymentProvider {
  if (name === "sandbox") return sandboxProvider;
  if (name === "adyen") return adyenProvider;
  if (name === "mollie") return mollieProvider;
  throw new ApiError("PaymentUnavailable");
}
