import type { NotificationItem } from "../../src/features/payment/payment";
import { SANDBOX_MERCHANT } from "../../src/features/payment/sandbox.server";
import { signNotification } from "../../src/features/payment/webhook-signature.server";
import { env } from "../../src/server/config/env";
import { apiClient } from "./api";

/** An AUTHORISATION webhook item for a payment session, signed with the shop's key. */
export function authorisation(
  sessionId: string,
  amount: number,
  options: { success?: boolean; eventDate?: string; psp?: string } = {},
): NotificationItem {
  const base: NotificationItem = {
    eventCode: "AUTHORISATION",
    success: options.success === false ? "false" : "true",
    pspReference: options.psp ?? "PSP1",
    merchantAccountCode: SANDBOX_MERCHANT,
    merchantReference: sessionId,
    amount: { value: amount, currency: "EUR" },
    eventDate: options.eventDate ?? new Date().toISOString(),
  };
  return { ...base, additionalData: { hmacSignature: signNotification(base, env().PAYMENT_HMAC_KEY) } };
}

/** Delivers webhook items as the payment provider would (from its own origin). */
export function postWebhook(items: NotificationItem[]) {
  return apiClient().app.request("http://provider.example/api/v1/payments/webhooks", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ live: "false", notificationItems: items.map((i) => ({ NotificationRequestItem: i })) }),
  });
}
