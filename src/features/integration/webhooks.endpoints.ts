import { z } from "zod";
import { translator } from "~/lib/i18n";
import { defineEndpoint, SuccessAnswer } from "~/server/http/endpoint";
import { ApiError } from "~/server/http/errors";
import { staffInPerson } from "./integration.server";
import {
  createWebhook,
  disableWebhook,
  replayDelivery,
  WEBHOOK_EVENTS,
  webhookDeliveries,
  webhooks,
} from "./webhooks.server";

const TAGS = ["integration"];
const Id = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const listWebhooks = defineEndpoint({
  method: "get",
  path: "/admin/webhooks",
  summary: "Staff only: the merchant's webhooks and the events each wants (never their secret)",
  tags: TAGS,
  crossOrigin: true,
  response: z.array(
    z.object({
      Id: z.number(),
      Url: z.string(),
      Events: z.array(z.string()),
      CreatedBy: z.string(),
      CreatedAt: z.string(),
      DisabledAt: z.string().nullable(),
    }),
  ),
  run: async (call) => {
    await staffInPerson(call, false);
    return webhooks();
  },
});

export const registerWebhook = defineEndpoint({
  method: "post",
  path: "/admin/webhooks",
  summary:
    "Staff only: a URL that receives the chosen events, each delivery signed (Vitrine-Signature: t=<unix seconds>,v1=<HMAC-SHA256 of `t.body`>); the secret is in this answer only. A public shop refuses http and private addresses",
  tags: TAGS,
  body: z.object({
    Url: z.url().max(500),
    Events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length),
  }),
  response: z.object({ Id: z.number(), Secret: z.string() }),
  crossOrigin: true,
  run: async (call) => {
    const actor = await staffInPerson(call, true);
    try {
      return await createWebhook(actor, call.body.Url, call.body.Events);
    } catch (error) {
      if (error instanceof ApiError && error.errors.Url)
        throw new ApiError("ValidationFailed", { Url: [translator(call.culture)("Webhooks.UrlRefused")] });
      throw error;
    }
  },
});

export const removeWebhook = defineEndpoint({
  method: "delete",
  path: "/admin/webhooks/:id",
  summary: "Staff only: stops a webhook at once (its log stays)",
  tags: TAGS,
  params: Id,
  crossOrigin: true,
  response: SuccessAnswer,
  run: async (call) => {
    await disableWebhook(await staffInPerson(call, true), call.params.id);
    return { Success: true };
  },
});

export const webhookLog = defineEndpoint({
  method: "get",
  path: "/admin/webhooks/:id/deliveries",
  summary: "Staff only: a webhook's last 100 deliveries, newest first: status, attempts, the answer's status or error",
  tags: TAGS,
  params: Id,
  crossOrigin: true,
  response: z.array(
    z.object({
      Id: z.number(),
      Event: z.string(),
      EventId: z.string(),
      Status: z.string(),
      Attempts: z.number(),
      NextAttemptAt: z.string().nullable(),
      LastStatus: z.number().nullable(),
      LastError: z.string().nullable(),
      CreatedAt: z.string(),
      DeliveredAt: z.string().nullable(),
    }),
  ),
  run: async (call) => {
    await staffInPerson(call, false);
    return webhookDeliveries(call.params.id);
  },
});

export const replayWebhookDelivery = defineEndpoint({
  method: "post",
  path: "/admin/webhooks/deliveries/:id/replay",
  summary: "Staff only: sends a delivered or given-up delivery again (404 one still waiting)",
  tags: TAGS,
  params: Id,
  crossOrigin: true,
  response: SuccessAnswer,
  run: async (call) => {
    await replayDelivery(await staffInPerson(call, true), call.params.id);
    return { Success: true };
  },
});
