import { createHmac, timingSafeEqual } from "node:crypto";
import type { NotificationItem } from "./payment";

function signedPayload(item: NotificationItem): string {
  return [
    item.pspReference,
    item.originalReference ?? "",
    item.merchantAccountCode,
    item.merchantReference,
    String(item.amount.value),
    item.amount.currency,
    item.eventCode,
    item.success,
  ].join(":");
}

/** HMAC-SHA256 (hex key, base64 signature) over the item's fields in a fixed order. */
export function signNotification(item: NotificationItem, hexKey: string): string {
  return createHmac("sha256", Buffer.from(hexKey, "hex")).update(signedPayload(item)).digest("base64");
}

export function notificationSignatureValid(item: NotificationItem, hexKey: string): boolean {
  const given = Buffer.from(item.additionalData?.hmacSignature ?? "", "base64");
  const expected = Buffer.from(signNotification(item, hexKey), "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
