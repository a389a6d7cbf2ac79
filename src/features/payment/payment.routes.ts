import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../../server/http/context";
import { ApiError } from "../../server/http/errors";
import { document } from "../../server/http/openapi";
import { jsonBody, parseWith } from "../../server/http/validation";
import { CardFormSchema, NotificationSchema } from "./payment";
import { payByCard, receiveNotifications, startPayment, submitDetails } from "./payment.server";

export const paymentRoutes = new Hono<ApiEnv>();

/** The path the provider posts webhooks to: authenticated by their HMAC signature, not by an Origin. */
export const WEBHOOK_PATH = "/api/v1/payments/webhooks";

const OrderNumber = z.object({ OrderNumber: z.string().regex(/^VT-[0-9A-F]{10}$/) });

document({
  method: "post",
  path: "/payments/sessions",
  summary:
    "Create a payment session for one of the shopper's orders awaiting payment (404 another's, 409 already paid)",
  tags: ["payment"],
  body: OrderNumber,
  response: z.object({ id: z.string(), sessionData: z.string(), clientKey: z.string(), environment: z.string() }),
});
paymentRoutes.post("/payments/sessions", async (c) => {
  const { OrderNumber: number } = await jsonBody(c, OrderNumber);
  const session = await startPayment(c.get("session"), number);
  c.header("Cache-Control", "private, no-store");
  return c.json({
    id: session.id,
    sessionData: session.sessionData,
    clientKey: session.clientKey,
    environment: session.environment,
  });
});

document({
  method: "post",
  path: "/payments/sandbox/authorise",
  summary:
    "The sandbox drop-in's card submit: Luhn, expiry and CVC checked; answers the result or a challenge redirect",
  tags: ["payment"],
  body: CardFormSchema.extend(OrderNumber.shape),
});
paymentRoutes.post("/payments/sandbox/authorise", async (c) => {
  const input = await jsonBody(c, CardFormSchema.extend(OrderNumber.shape));
  const outcome = await payByCard(c.get("culture"), input, input.OrderNumber);
  c.header("Cache-Control", "private, no-store");
  if (!outcome.ok)
    throw new ApiError("CardInvalid", Object.fromEntries(outcome.fields.map((field) => [field, ["invalid"]])));
  return c.json(outcome.result);
});

document({
  method: "post",
  path: "/payments/details",
  summary: "Submit the details after a redirect (redirectResult); the webhook remains the source of truth",
  tags: ["payment"],
  body: z.object({ redirectResult: z.string().min(8).max(2000) }),
});
paymentRoutes.post("/payments/details", async (c) => {
  const { redirectResult } = await jsonBody(c, z.object({ redirectResult: z.string().min(8).max(2000) }));
  return c.json(await submitDetails(redirectResult));
});

document({
  method: "post",
  path: "/payments/webhooks",
  summary:
    "Payment provider notifications (HMAC-signed); answers [accepted]. Duplicates and late events change nothing",
  tags: ["payment"],
  body: NotificationSchema,
});
paymentRoutes.post("/payments/webhooks", async (c) => {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new ApiError("InvalidJson");
  }
  const body = parseWith(NotificationSchema, raw, c.get("culture"));
  await receiveNotifications(body.notificationItems.map((n) => n.NotificationRequestItem));
  return c.text("[accepted]");
});
