import { z } from "zod";
import { defineEndpoint } from "~/server/http/endpoint";
import { ApiError } from "~/server/http/errors";
import { CardFormSchema, NotificationSchema } from "./payment";
import { payByCard, receiveNotifications, startPayment, submitDetails } from "./payment.server";

const OrderNumber = z.object({ OrderNumber: z.string().regex(/^VT-[0-9A-F]{10}$/) });

export const createSession = defineEndpoint({
  method: "post",
  path: "/payments/sessions",
  summary:
    "Create a payment session for one of the shopper's orders awaiting payment (404 another's, 409 already paid)",
  tags: ["payment"],
  body: OrderNumber,
  response: z.object({ id: z.string(), sessionData: z.string(), clientKey: z.string(), environment: z.string() }),
  run: async ({ session, culture, body }) => {
    const started = await startPayment(session, body.OrderNumber, culture);
    return {
      id: started.id,
      sessionData: started.sessionData,
      clientKey: started.clientKey,
      environment: started.environment,
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
  summary: "Submit the details after a redirect (redirectResult); the webhook remains the source of truth",
  tags: ["payment"],
  body: z.object({ redirectResult: z.string().min(8).max(2000) }),
  run: ({ body }) => submitDetails(body.redirectResult),
});

export const webhooks = defineEndpoint({
  method: "post",
  path: "/payments/webhooks",
  summary:
    "Payment provider notifications (HMAC-signed); answers [accepted]. Duplicates and late events change nothing",
  tags: ["payment"],
  body: NotificationSchema,
  // The provider posts these, not our pages: each notification's HMAC signature authenticates it.
  crossOrigin: true,
  run: async ({ body }) => {
    await receiveNotifications(body.notificationItems.map((n) => n.NotificationRequestItem));
    return new Response("[accepted]", { headers: { "Content-Type": "text/plain; charset=UTF-8" } });
  },
});
