import { env } from "~/server/config/env";
import { ApiError } from "~/server/http/errors";
import type { NotificationItem, PaymentResult, PaymentSession } from "./payment";
import { createSandboxSession, sandboxDetails } from "./sandbox.server";
import { notificationSignatureValid } from "./webhook-signature.server";

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
  /** Where the provider sends the shopper back (absolute on a real provider). */
  returnUrl: string;
}

/**
 * A payment provider (issue 34): every caller in this feature goes through it, never through one
 * provider's module. The sandbox is the first implementation (demo shop and tests; a public site refuses
 * it, src/server/config/env.ts); a real provider's adapter implements the same methods against its HTTP
 * API, whose base URL is a setting so tests point it at a local fake.
 */
export interface PaymentProvider {
  readonly name: "sandbox";
  /** A drop-in session for the payment page (spec 001: id, session data, environment, client key). */
  createSession(request: PaymentRequest): Promise<PaymentSession>;
  /**
   * Back from a redirect (a 3-D Secure challenge) with `redirectResult`: the outcome, as the provider
   * reads it. Null when the redirect result is not one the provider issued. The notification that
   * follows stays the only thing that marks an order paid.
   */
  completeRedirect(
    redirectResult: string,
    deliver: (item: NotificationItem) => Promise<void>,
  ): Promise<(PaymentResult & { paymentId: string }) | null>;
  /** Whether a notification comes from the provider (its signature), before anything is recorded. */
  authentic(item: NotificationItem): boolean;
}

const sandbox: PaymentProvider = {
  name: "sandbox",
  createSession: async (request) => createSandboxSession({ id: request.paymentId, amount: request.amount }),
  completeRedirect: (redirectResult, deliver) => sandboxDetails(redirectResult, deliver),
  authentic: (item) => notificationSignatureValid(item, env().PAYMENT_HMAC_KEY),
};

/** The configured provider; none (PAYMENT_PROVIDER=none, a public site's default) means no payment. */
export function paymentProvider(): PaymentProvider {
  if (env().paymentProvider === "sandbox") return sandbox;
  throw new ApiError("PaymentUnavailable");
}
