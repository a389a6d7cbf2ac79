import { ApiError } from "~/server/http/errors";
import { type NotificationItem, NotificationSchema } from "./payment";
import type { PaymentEvent } from "./provider.server";
import { notificationSignatureValid } from "./webhook-signature.server";

/**
 * Adyen's notification webhook body (the sandbox sends the same): every item must carry a valid HMAC
 * signature under one of `keys` (the current key and, during a rotation, the previous one), else nothing
 * is stored. Answers the body to store.
 */
export function acceptSignedNotifications(body: unknown, keys: string[]): string {
  const parsed = NotificationSchema.safeParse(body);
  if (!parsed.success) throw new ApiError("ValidationFailed");
  const items = parsed.data.notificationItems.map((n) => n.NotificationRequestItem);
  if (!items.every((item) => keys.some((key) => notificationSignatureValid(item, key))))
    throw new ApiError("InvalidSignature");
  return JSON.stringify(parsed.data);
}

/** The events of a stored, signed notification body. */
export function signedNotificationEvents(stored: string): PaymentEvent[] {
  const parsed = NotificationSchema.parse(JSON.parse(stored));
  return parsed.notificationItems.map((n) => itemEvent(n.NotificationRequestItem));
}

export function itemEvent(item: NotificationItem): PaymentEvent {
  return {
    eventCode: item.eventCode,
    success: item.success === "true",
    pspReference: item.pspReference,
    ...(item.originalReference ? { originalReference: item.originalReference } : {}),
    merchantReference: item.merchantReference,
    amount: item.amount.value,
    currency: item.amount.currency,
    eventDate: item.eventDate,
    ...(item.reason ? { reason: item.reason } : {}),
  };
}
