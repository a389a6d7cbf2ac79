import { sweeperRun } from "~/server/background";
import { env } from "~/server/config/env";
import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { log } from "~/server/observability/log";
import { applyEvent } from "./events.server";
import {
  insertNotification,
  notificationById,
  notificationFailed,
  notificationProcessed,
  waitingNotifications,
} from "./payment.repository";
import { providerNamed } from "./provider.server";

/** How long a webhook's answer may wait for its processing before it answers anyway (it is stored). */
const INLINE_PROCESSING_MS = 2_000;
/** Failed processing is tried again by the sweeper, at most this many times. */
const MAX_ATTEMPTS = 20;

/**
 * A provider's webhook: checked (a forged signature stores nothing), stored, then processed. The answer
 * never depends on the processing: once stored, a notification is acknowledged (`[accepted]`), and one
 * whose processing fails or is slow (the provider's API down while Mollie's payment is read) is taken
 * again by the sweeper. `wait` (the sandbox, in-process) waits for the processing to end.
 */
export async function receiveWebhook(providerName: string, body: unknown, options: { wait?: boolean } = {}) {
  const configured = env().paymentProvider;
  if (providerName !== configured) throw new ApiError("PaymentUnavailable");
  const provider = providerNamed(providerName);
  const payload = provider.acceptWebhook(body);
  const id = await insertNotification(db(), provider.name, payload, new Date().toISOString());
  const processing = processNotification(id).finally(() => inFlight.delete(processing));
  inFlight.add(processing);
  if (options.wait) return processing;
  // Processing normally takes a few milliseconds: the answer waits for it, but never for long.
  await Promise.race([processing, new Promise((resolve) => setTimeout(resolve, INLINE_PROCESSING_MS).unref())]);
}

/**
 * Processings started by webhooks and still running (they may outlive their answer). On globalThis: the
 * server's entry (its graceful shutdown) and the pages' bundle (the API) each hold a copy of this module.
 */
const shared = globalThis as { vitrineNotifications?: Set<Promise<void>> };
shared.vitrineNotifications ??= new Set();
const inFlight = shared.vitrineNotifications;

/** Waits for every processing a webhook started (the graceful shutdown, and tests that read their effects). */
export async function notificationsSettled(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

/** Processes one stored notification; a failure is recorded for the sweeper, never thrown. */
export async function processNotification(id: number): Promise<void> {
  const row = await notificationById(db(), id);
  if (!row || row.processed_at) return;
  try {
    const provider = providerNamed(row.provider);
    // Each event is recorded once (payment_events), so processing a notification twice changes nothing.
    for (const event of await provider.eventsOf(row.payload)) await applyEvent(provider, event);
    await notificationProcessed(db(), id, new Date().toISOString());
  } catch (error) {
    log().error({ err: error, notification: id, provider: row.provider }, "payment notification not processed yet");
    await notificationFailed(db(), id, error instanceof Error ? error.message : String(error)).catch(() => {});
  }
}

/** Processes the stored notifications left waiting (older than a few seconds). Answers how many it took. */
export async function processWaitingNotifications(olderThanMs = 5_000): Promise<number> {
  const before = new Date(Date.now() - olderThanMs).toISOString();
  const rows = await waitingNotifications(db(), before, MAX_ATTEMPTS, 100);
  for (const row of rows) await processNotification(row.id);
  return rows.length;
}

/** Every 30 seconds, once across processes: the notifications whose processing failed or was cut. */
export function startNotificationSweeper(): () => void {
  const running = globalThis as { vitrineNotificationSweeper?: () => void };
  if (running.vitrineNotificationSweeper) return running.vitrineNotificationSweeper;
  const sweep = () => sweeperRun("payment-notifications", () => processWaitingNotifications(), 30_000);
  const timer = setInterval(sweep, 30_000);
  timer.unref();
  running.vitrineNotificationSweeper = () => {
    clearInterval(timer);
    running.vitrineNotificationSweeper = undefined;
  };
  return running.vitrineNotificationSweeper;
}
