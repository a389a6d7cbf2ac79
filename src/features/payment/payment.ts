import { z } from "zod";

/**
 * The shape of a card drop-in's sessions flow: the server creates a session, the browser mounts the
 * drop-in with it, a challenge may redirect the shopper away and back with `redirectResult`, details
 * are submitted, and a signed webhook finally says what happened. The provider behind it is swappable.
 */
export interface PaymentSession {
  id: string;
  sessionData: string;
  clientKey: string;
  environment: "test" | "live";
}

export type ResultCode = "Authorised" | "Refused" | "ChallengeShopper" | "Pending" | "Error";

export interface PaymentResult {
  resultCode: ResultCode;
  pspReference: string;
  refusalReason?: string;
  /** Where the shopper must go (a challenge page) before the result is known. */
  action?: { type: "redirect"; url: string };
}

/** Payment states as the webhooks leave them. */
export type PaymentStatus = "Pending" | "Authorised" | "Refused" | "Cancelled";

/** The ways a shopper may pay what prepaid credit does not (issue 34): cards everywhere, two local methods. */
export const PAYMENT_METHODS = ["card", "bancontact", "ideal"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The country a local method belongs to (a card is taken everywhere). */
export const METHOD_COUNTRY: Partial<Record<PaymentMethod, string>> = { bancontact: "BE", ideal: "NL" };

/**
 * Whether a webhook event moves a payment to `next`: an authorisation is final (a late or repeated
 * refusal cannot undo it), a refusal ends a pending payment only, and an older event never overwrites
 * a newer one.
 */
export function acceptsTransition(
  current: { status: PaymentStatus; eventDate: string | null },
  next: { status: PaymentStatus; eventDate: string },
): boolean {
  if (current.status === "Authorised") return false;
  if (next.status === "Authorised") return true;
  if (current.status === "Refused") return false;
  return current.eventDate === null || next.eventDate >= current.eventDate;
}

/** Luhn checksum of a card number (digits only). */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** An expiry "MM/YY" not in the past (a card is valid through the end of its month). */
export function expiryValid(expiry: string, now: Date): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

/** The sandbox's test cards (as payment providers document theirs). */
export const SANDBOX_CARDS = {
  success: "4111111111111111",
  refused: "4000000000000002",
  challenge: "4000000000003220",
} as const;

/** The card form of the sandbox drop-in and of its hosted page; holder name and billing address are required. */
export const CardFormSchema = z.object({
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  sessionData: z.string().min(8).max(2000),
  holderName: z.string().trim().min(2).max(80),
  number: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/)),
  expiry: z.string().trim().max(7),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/),
  street: z.string().trim().min(2).max(160),
  postalCode: z.string().trim().min(2).max(10),
  city: z.string().trim().min(1).max(80),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/),
});
export type CardForm = z.infer<typeof CardFormSchema>;

/** Webhook notification (the shape card providers use: a list of items, each signed). */
export const NotificationSchema = z.object({
  live: z.string().optional(),
  notificationItems: z
    .array(
      z.object({
        NotificationRequestItem: z.object({
          eventCode: z.string().max(64),
          success: z.enum(["true", "false"]),
          pspReference: z.string().max(64),
          originalReference: z.string().max(64).optional(),
          merchantAccountCode: z.string().max(64),
          merchantReference: z.string().max(80),
          amount: z.object({ value: z.number().int(), currency: z.string().length(3) }),
          eventDate: z.string().max(40),
          reason: z.string().max(300).optional(),
          additionalData: z
            .object({ hmacSignature: z.string().max(200) })
            .partial()
            .optional(),
        }),
      }),
    )
    .min(1)
    .max(50),
});
export type NotificationItem = z.infer<
  typeof NotificationSchema
>["notificationItems"][number]["NotificationRequestItem"];
