import { createHmac, randomBytes } from "node:crypto";
import { env } from "~/server/config/env";
import { db, type Executor } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { log } from "~/server/observability/log";
import type { AdminActor } from "./integration";
import { audit } from "./integration.server";

/** What the merchant's systems may subscribe to (issue 35). */
export const WEBHOOK_EVENTS = [
  "order.placed",
  "order.paid",
  "order.shipped",
  "order.cancelled",
  "refund.requested",
  "refund.completed",
  "stock.low",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the webhook's secret>`. */
export const SIGNATURE_HEADER = "Vitrine-Signature";

export function signature(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/**
 * Queues an event for every webhook that wants it, inside the transaction that made it happen: the
 * deliveries exist if and only if the change was committed. `key` names the event once (`order.paid:VT-…`):
 * the same event emitted twice (a repeated provider notification) is delivered once.
 */
export async function emitMerchantEvent(trx: Executor, event: WebhookEvent, key: string, data: unknown): Promise<void> {
  const wanting = await webhooksWanting(trx, event);
  if (wanting.length === 0) return;
  const createdAt = new Date().toISOString();
  const payload = JSON.stringify({ id: `${event}:${key}`, type: event, created_at: createdAt, data });
  await trx
    .insertInto("webhook_deliveries")
    .values(
      wanting.map((h) => ({
        webhook_id: h.id,
        event,
        event_key: `${event}:${key}`,
        payload,
        status: "pending",
        attempts: 0,
        next_attempt_at: Date.now(),
        created_at: createdAt,
      })),
    )
    .onConflict((oc) => oc.columns(["webhook_id", "event_key"]).doNothing())
    .execute();
  // After the caller's commit, most likely: the sender looks now rather than at its next round.
  setTimeout(sendSoon, 50).unref();
}

async function webhooksWanting(ex: Executor, event: WebhookEvent) {
  const hooks = await ex
    .selectFrom("merchant_webhooks")
    .select(["id", "events"])
    .where("disabled_at", "is", null)
    .execute();
  return hooks.filter((h) => h.events.split(",").includes(event));
}

/**
 * Whether a webhook wants this event: on the checkout's path a caller asks first, so an order reads
 * nothing more (its row, its stock left) for a shop whose systems listen to nothing.
 */
export async function merchantWants(ex: Executor, event: WebhookEvent): Promise<boolean> {
  return (await webhooksWanting(ex, event)).length > 0;
}

/** The wait before attempt n + 1: doubling from WEBHOOK_RETRY_BASE_SECONDS, at most an hour. */
function backoffMs(attempts: number): number {
  return Math.min(env().WEBHOOK_RETRY_BASE_SECONDS * 1000 * 2 ** (attempts - 1), 3_600_000);
}

let sending: Promise<void> | undefined;

/** A round now, beside the caller: its failure (the database gone away) is logged, the next round retries. */
function sendSoon(): void {
  sendWebhooks().catch((error) => log().warn({ err: error }, "webhook sender failed"));
}

/**
 * Sends what is due, webhook by webhook: each webhook's queue in order, one delivery at a time, by one
 * process at a time (a lease on the webhook's row). A delivery that fails holds its queue until its retry
 * is due; after WEBHOOK_GIVE_UP_HOURS it is marked failed (replayable by staff) and the queue goes on.
 */
export function sendWebhooks(): Promise<void> {
  sending ??= sendDue().finally(() => {
    sending = undefined;
  });
  return sending;
}

/** One round of sending, as another process would run it (no sharing with this process's round). */
export async function sendDue(): Promise<void> {
  const now = Date.now();
  const due = await db()
    .selectFrom("webhook_deliveries as d")
    .innerJoin("merchant_webhooks as w", "w.id", "d.webhook_id")
    .select("d.webhook_id")
    .distinct()
    .where("d.status", "=", "pending")
    .where("d.next_attempt_at", "<=", now)
    .where("w.disabled_at", "is", null)
    .where("w.lease_until", "<", now)
    .execute();
  await Promise.all(due.map((d) => sendQueue(d.webhook_id)));
}

async function sendQueue(webhookId: number): Promise<void> {
  const leaseMs = env().WEBHOOK_TIMEOUT_MS + 30_000;
  const taken = await db()
    .updateTable("merchant_webhooks")
    .set({ lease_until: Date.now() + leaseMs })
    .where("id", "=", webhookId)
    .where("lease_until", "<", Date.now())
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return;
  try {
    for (;;) {
      const hook = await db()
        .selectFrom("merchant_webhooks")
        .selectAll()
        .where("id", "=", webhookId)
        .executeTakeFirst();
      if (!hook || hook.disabled_at) return;
      const head = await db()
        .selectFrom("webhook_deliveries")
        .selectAll()
        .where("webhook_id", "=", webhookId)
        .where("status", "=", "pending")
        .orderBy("id")
        .limit(1)
        .executeTakeFirst();
      if (!head || Number(head.next_attempt_at) > Date.now()) return;
      await deliver(hook, head);
      await db()
        .updateTable("merchant_webhooks")
        .set({ lease_until: Date.now() + leaseMs })
        .where("id", "=", webhookId)
        .execute();
      const after = await db()
        .selectFrom("webhook_deliveries")
        .select("status")
        .where("id", "=", head.id)
        .executeTakeFirst();
      if (after?.status === "pending") return;
    }
  } finally {
    await db().updateTable("merchant_webhooks").set({ lease_until: 0 }).where("id", "=", webhookId).execute();
  }
}

async function deliver(
  hook: { id: number; url: string; secret: string },
  delivery: { id: number; event: string; payload: string; attempts: number; created_at: string },
): Promise<void> {
  const timestamp = Math.floor(Date.now() / 1000);
  let status: number | null = null;
  let error: string | null = null;
  try {
    const response = await fetch(hook.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Vitrine-Webhooks/1",
        "Vitrine-Event": delivery.event,
        "Vitrine-Delivery": String(delivery.id),
        [SIGNATURE_HEADER]: signature(hook.secret, timestamp, delivery.payload),
      },
      body: delivery.payload,
      redirect: "manual",
      signal: AbortSignal.timeout(env().WEBHOOK_TIMEOUT_MS),
    });
    status = response.status;
    if (status < 200 || status >= 300)
      error = (await response.text().catch(() => "")).slice(0, 500) || `HTTP ${status}`;
    else await response.body?.cancel();
  } catch (caught) {
    error = (caught instanceof Error ? caught.message : String(caught)).slice(0, 500);
  }
  const attempts = delivery.attempts + 1;
  if (error === null) {
    await db()
      .updateTable("webhook_deliveries")
      .set({
        status: "delivered",
        attempts,
        last_status: status,
        last_error: null,
        delivered_at: new Date().toISOString(),
      })
      .where("id", "=", delivery.id)
      .execute();
    return;
  }
  const givenUp = Date.now() - Date.parse(delivery.created_at) > env().WEBHOOK_GIVE_UP_HOURS * 3_600_000;
  log().warn({ webhook: hook.id, delivery: delivery.id, status, error, attempts }, "webhook delivery failed");
  await db()
    .updateTable("webhook_deliveries")
    .set({
      status: givenUp ? "failed" : "pending",
      attempts,
      last_status: status,
      last_error: error,
      next_attempt_at: Date.now() + backoffMs(attempts),
    })
    .where("id", "=", delivery.id)
    .execute();
}

/** Sends what is due every few seconds (each process; the leases keep one sender per webhook). */
export function startWebhookSender(everyMs = 5_000): () => void {
  const running = globalThis as { vitrineWebhookSender?: () => void };
  if (running.vitrineWebhookSender) return running.vitrineWebhookSender;
  const timer = setInterval(() => {
    sendWebhooks().catch((error) => log().warn({ err: error }, "webhook sender failed"));
  }, everyMs);
  timer.unref();
  running.vitrineWebhookSender = () => {
    clearInterval(timer);
    running.vitrineWebhookSender = undefined;
  };
  return running.vitrineWebhookSender;
}

/** The round running now, if any (a graceful shutdown lets it finish: its leases are released). */
export function webhooksSettled(): Promise<void> {
  return sending ?? Promise.resolve();
}

/** Private and loopback addresses are refused on a public shop: a webhook must not reach inside the network. */
function refusedUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return true;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return true;
  if (url.username || url.password) return true;
  if (!env().publicSite) return false;
  if (url.protocol !== "https:") return true;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host.endsWith(".internal") ||
    /^(127\.|10\.|192\.168\.|169\.254\.|0\.)/.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    /^(::1|f[cd]|fe80:)/i.test(host)
  );
}

export async function createWebhook(actor: AdminActor, url: string, events: WebhookEvent[]) {
  if (refusedUrl(url)) throw new ApiError("ValidationFailed", { Url: ["Webhooks.UrlRefused"] });
  const secret = `whsec_${randomBytes(24).toString("base64url")}`;
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto("merchant_webhooks")
        .values({
          url,
          events: [...new Set(events)].join(","),
          secret,
          created_by: actor.label,
          created_at: new Date().toISOString(),
          disabled_at: null,
          lease_until: 0,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await audit(actor, "webhook.create", `webhook:${row.id}`, { url, events }, trx);
      return { Id: row.id, Secret: secret };
    });
}

export async function webhooks() {
  const rows = await db().selectFrom("merchant_webhooks").selectAll().orderBy("id").execute();
  return rows.map((w) => ({
    Id: w.id,
    Url: w.url,
    Events: w.events.split(","),
    CreatedBy: w.created_by,
    CreatedAt: w.created_at,
    DisabledAt: w.disabled_at,
  }));
}

export async function disableWebhook(actor: AdminActor, id: number) {
  await db()
    .transaction()
    .execute(async (trx) => {
      const done = await trx
        .updateTable("merchant_webhooks")
        .set({ disabled_at: new Date().toISOString() })
        .where("id", "=", id)
        .where("disabled_at", "is", null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw new ApiError("NotFound");
      await audit(actor, "webhook.disable", `webhook:${id}`, null, trx);
    });
}

export async function webhookDeliveries(webhookId: number, limit = 100) {
  const rows = await db()
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("webhook_id", "=", webhookId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((d) => ({
    Id: d.id,
    Event: d.event,
    EventId: d.event_key,
    Status: d.status,
    Attempts: d.attempts,
    NextAttemptAt: d.status === "pending" ? new Date(Number(d.next_attempt_at)).toISOString() : null,
    LastStatus: d.last_status,
    LastError: d.last_error,
    CreatedAt: d.created_at,
    DeliveredAt: d.delivered_at,
  }));
}

/** Sends a delivery again (delivered or given up), due now, in its place (by id) in its webhook's queue. */
export async function replayDelivery(actor: AdminActor, deliveryId: number) {
  await db()
    .transaction()
    .execute(async (trx) => {
      const done = await trx
        .updateTable("webhook_deliveries")
        .set({ status: "pending", next_attempt_at: Date.now(), delivered_at: null })
        .where("id", "=", deliveryId)
        .where("status", "!=", "pending")
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw new ApiError("NotFound");
      await audit(actor, "webhook.replay", `delivery:${deliveryId}`, null, trx);
    });
  sendSoon();
}
