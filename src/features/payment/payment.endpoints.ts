import { z } from "zod";
import { env } from "~/server/config/env";
import { defineEndpoint } from "~/server/http/endpoint";
import { ApiError } from "~/server/http/errors";
import { CardFormSchema, NotificationSchema } from "./payment";
import { payByCard, receiveWebhook, startPayment, submitDetails } from "./payment.server";

const OrderNumber = z.object({ OrderNumber: z.string().regex(/^VT-[0-9A-F]{10}$/) });

/** A card's outcome as the provider says it (PaymentResult). */
const PaymentResultAnswer = z.object({
  resultCode: z.enum(["Authorised", "Refused", "ChallengeShopper", "Pending", "Error"]),
  pspReference: z.string(),
  refusalReason: z.string().optional(),
  action: z.object({ type: z.literal("redirect"), url: z.string() }).optional(),
});

export const createSession = defineEndpoint({
  method: "post",
  path: "/payments/sessions",
  summary:
    "Create a payment for one of the shopper's orders awaiting payment: a drop-in session (id, sessionData, clientKey, environment), or `url`, the provider's page to send the shopper to (404 another's, 409 already paid)",
  tags: ["payment"],
  body: OrderNumber,
  response: z.object({
    id: z.string(),
    sessionData: z.string(),
    clientKey: z.string(),
    environment: z.string(),
    url: z.string().optional(),
  }),
  run: async ({ session, culture, body }) => {
    const started = await startPayment(session, body.OrderNumber, culture);
    if (started.kind === "redirect")
      return { id: started.paymentId, sessionData: "", clientKey: "", environment: "live", url: started.url };
    return {
      id: started.session.id,
      sessionData: started.session.sessionData,
      clientKey: started.session.clientKey,
      environment: started.session.environment,
    };
  },
});

export const sandboxAuthorise = defineEndpoint({
  method: "post",
  path: "/payments/sandbox/authorise",
  summary:
    "The sandbox drop-in's card submit: Luhn, expiry and CVC checked; answers the result or a challenge redirect",
  tags: ["payment"],
  body: CardFormSchema.extend(OrderNumber.shape),
  response: PaymentResultAnswer,
  run: async ({ culture, body }) => {
    const outcome = await payByCard(culture, body, body.OrderNumber);
    if (!outcome.ok)
      throw new ApiError("CardInvalid", Object.fromEntries(outcome.fields.map((field) => [field, ["invalid"]])));
    return outcome.result;
  },
});

export const submitPaymentDetails = defineEndpoint({
  method: "post",
  path: "/payments/details",
  summary:
    "Submit the details after a redirect (redirectResult): the provider's answer is read server to server; the notification remains the source of truth",
  tags: ["payment"],
  body: z.object({ redirectResult: z.string().min(8).max(4000) }),
  response: z.object({
    paymentId: z.string(),
    resultCode: z.string(),
    pspReference: z.string(),
    refusalReason: z.string().optional(),
  }),
  run: ({ body }) => submitDetails({ redirectResult: body.redirectResult }),
});

const accepted = () => new Response("[accepted]", { headers: { "Content-Type": "text/plain; charset=UTF-8" } });

export const webhooks = defineEndpoint({
  method: "post",
  path: "/payments/webhooks",
  summary:
    "Adyen's (and the sandbox's) notifications, each item HMAC-signed: stored, answered [accepted], then processed; duplicates and late events change nothing",
  tags: ["payment"],
  body: NotificationSchema,
  // The provider posts these, not our pages: each notification's HMAC signature authenticates it.
  crossOrigin: true,
  answers: "text/plain",
  run: async ({ body }) => {
    const provider = env().paymentProvider;
    await receiveWebhook(provider === "sandbox" ? "sandbox" : "adyen", body);
    return accepted();
  },
});

export const mollieWebhook = defineEndpoint({
  method: "post",
  path: "/payments/webhooks/mollie",
  summary:
    "Mollie's webhook (`id=tr_…`, form-encoded, unsigned): stored and answered at once; the payment is then read from Mollie's API, never taken from the call",
  tags: ["payment"],
  body: z.object({ id: z.string().regex(/^tr_[A-Za-z0-9]{4,40}$/) }),
  crossOrigin: true,
  urlencoded: true,
  run: async ({ body }) => {
    await receiveWebhook("mollie", body);
    return new Response(null, { status: 200 });
  },
});
