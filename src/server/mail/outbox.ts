import { sql } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "../config/env";
import { refreshShopSettings } from "../config/shop-settings";
import { database, db, type Executor } from "../db/client";
import { log } from "../observability/log";
import { outboxMetrics } from "../observability/metrics";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  culture: string;
}

/** How long a process may keep the mails it claimed before another one may send them. */
const CLAIM_MS = 5 * 60_000;
/** Mails one run claims at a time. */
const BATCH = 20;
/** After a mail written in a transaction: the runs that send it once that transaction has committed. */
const SOON_MS = [50, 250, 1000, 3000];
const SMTP_TIMEOUT_MS = 15_000;

/**
 * Mails are written to the outbox first, in the same transaction as what caused them where there is
 * one, and sent afterwards (decision 056): a failing SMTP server never loses an order's confirmation.
 * Without SMTP_URL, mails stay readable in the outbox (`/dev/mails` in development).
 */
export async function enqueueMail(mail: Mail, executor: Executor = db()): Promise<number> {
  const row = await executor
    .insertInto("mail_outbox")
    .values({
      to_address: mail.to,
      subject: mail.subject,
      body: mail.text,
      html: mail.html,
      culture: mail.culture,
      created_at: new Date().toISOString(),
      sent_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Inside a transaction the row is not visible until it commits: the next runs send it then.
  if (executor.isTransaction) deliverSoon();
  else void runDelivery();
  return row.id;
}

function deliverSoon(): void {
  for (const delay of SOON_MS) setTimeout(() => void runDelivery(), delay).unref();
}

function runDelivery(): Promise<number> {
  return deliverPendingMails().catch((error: unknown) => {
    log().warn({ err: error }, "mail delivery run failed; the next run retries");
    return 0;
  });
}

let transport: Transporter | undefined;
let transportUrl: string | undefined;
let delivering: Promise<number> | undefined;

/** The delay before try number `attempts + 1`: 30 s, 1 min, 2 min... at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Sends the mails that are due over SMTP (when configured) and answers how many were sent. One run at
 * a time per process; across processes each run claims its mails first (PostgreSQL: FOR UPDATE SKIP
 * LOCKED; SQLite: one writer at a time), so a mail goes out once. A refused mail waits its next try
 * without holding up the others; a permanent refusal (5xx), or MAIL_MAX_ATTEMPTS tries, marks it failed.
 */
export function deliverPendingMails(): Promise<number> {
  const { SMTP_URL } = env();
  if (!SMTP_URL) return Promise.resolve(0);
  delivering ??= (async () => {
    if (transportUrl !== SMTP_URL) {
      transport?.close();
      transport = undefined;
      transportUrl = SMTP_URL;
    }
    // A slow or silent server holds one run for at most SMTP_TIMEOUT_MS per step, never forever.
    // One pooled connection, kept between mails: a batch does not pay a connection (and TLS) per mail.
    transport ??= nodemailer.createTransport({
      url: SMTP_URL,
      pool: true,
      maxConnections: 1,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    // The sender the owner set (MAIL_FROM, MAIL_REPLY_TO), if another process changed it.
    await refreshShopSettings();
    let sent = 0;
    for (;;) {
      const claimed = await claimDueMails();
      if (claimed.length === 0) break;
      for (const mail of claimed) if (await sendOne(transport, mail)) sent++;
      if (stopping) break;
    }
    return sent;
  })().finally(() => {
    delivering = undefined;
  });
  return delivering;
}

type OutboxRow = Awaited<ReturnType<typeof claimDueMails>>[number];

async function claimDueMails() {
  const now = new Date();
  const at = now.toISOString();
  const until = new Date(now.getTime() + CLAIM_MS).toISOString();
  const due = (query: ReturnType<typeof dueQuery>) =>
    database().dialect === "postgres" ? query.forUpdate().skipLocked() : query;
  const dueQuery = () =>
    db()
      .selectFrom("mail_outbox")
      .select("id")
      .where("sent_at", "is", null)
      .where("failed_at", "is", null)
      .where((eb) => eb.or([eb("next_attempt_at", "is", null), eb("next_attempt_at", "<=", at)]))
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", at)]))
      .orderBy("id")
      .limit(BATCH);
  const claimed = await db()
    .updateTable("mail_outbox")
    .set({ claimed_until: until })
    .where("id", "in", due(dueQuery()))
    .returningAll()
    .execute();
  // In the order they were written: an UPDATE's RETURNING follows no order (PostgreSQL returned a batch's
  // later mail first, and a shopper could read "shipped" before "confirmed").
  return claimed.sort((a, b) => a.id - b.id);
}

async function sendOne(smtp: Transporter, mail: OutboxRow): Promise<boolean> {
  const started = Date.now();
  try {
    await smtp.sendMail({
      from: env().MAIL_FROM,
      ...(env().MAIL_REPLY_TO ? { replyTo: env().MAIL_REPLY_TO } : {}),
      to: mail.to_address,
      subject: mail.subject,
      text: mail.body,
      ...(mail.html ? { html: mail.html } : {}),
    });
    await db()
      .updateTable("mail_outbox")
      .set({ sent_at: new Date().toISOString(), claimed_until: null, attempts: sql<number>`attempts + 1` })
      .where("id", "=", mail.id)
      .execute();
    outboxMetrics().sent.inc();
    log().info({ mailId: mail.id, ms: Date.now() - started }, "mail sent");
    return true;
  } catch (error) {
    const attempts = mail.attempts + 1;
    const code = (error as { responseCode?: number }).responseCode;
    const permanent = typeof code === "number" && code >= 500;
    const failed = permanent || attempts >= env().MAIL_MAX_ATTEMPTS;
    const message = (error as Error).message?.slice(0, 500) ?? String(error);
    await db()
      .updateTable("mail_outbox")
      .set({
        attempts,
        last_error: message,
        claimed_until: null,
        next_attempt_at: failed ? null : new Date(Date.now() + retryDelayMs(attempts)).toISOString(),
        failed_at: failed ? new Date().toISOString() : null,
      })
      .where("id", "=", mail.id)
      .execute();
    if (failed) outboxMetrics().failed.inc();
    else outboxMetrics().retried.inc();
    log()[failed ? "error" : "warn"](
      { mailId: mail.id, attempts, smtpCode: code, err: error },
      failed ? "mail given up" : "mail not sent; will retry",
    );
    return false;
  }
}

let timer: NodeJS.Timeout | undefined;
let stopping = false;

/** Sends due mails every OUTBOX_INTERVAL_MS in this process (each process runs one). */
export function startOutbox(intervalMs = env().OUTBOX_INTERVAL_MS): void {
  stopping = false;
  timer ??= setInterval(() => void runDelivery(), intervalMs);
  timer.unref();
  void runDelivery();
}

/** Shutdown: no new run; the current one finishes the mail it is sending. */
export async function stopOutbox(): Promise<void> {
  stopping = true;
  if (timer) clearInterval(timer);
  timer = undefined;
  await delivering?.catch(() => {});
  transport?.close();
  transport = undefined;
}

/** What the outbox holds, for the metrics and the readiness of an operator's eye. */
export async function outboxState(): Promise<{ queued: number; failed: number; oldestQueuedSeconds: number }> {
  const waiting = await db()
    .selectFrom("mail_outbox")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("created_at").as("oldest")])
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .executeTakeFirst();
  const failed = await db()
    .selectFrom("mail_outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("failed_at", "is not", null)
    .executeTakeFirst();
  const oldest = waiting?.oldest ? (Date.now() - Date.parse(String(waiting.oldest))) / 1000 : 0;
  return {
    queued: Number(waiting?.n ?? 0),
    failed: Number(failed?.n ?? 0),
    oldestQueuedSeconds: Math.max(0, oldest),
  };
}

/** The latest mails, for the development outbox page and tests. */
export async function recentMails(limit = 20) {
  return db().selectFrom("mail_outbox").selectAll().orderBy("id", "desc").limit(limit).execute();
}

/** The mails the shop sent or will send to an address (issue 36: a shopper's own data), oldest first. */
export function mailsTo(email: string) {
  return db()
    .selectFrom("mail_outbox")
    .select(["subject", "body", "culture", "created_at", "sent_at"])
    .where("to_address", "=", email)
    .orderBy("id")
    .execute();
}

/** Forgets the mails to an address (a closed account's): sent, failed or still waiting. */
export async function forgetMailsTo(ex: Executor, email: string): Promise<void> {
  await ex.deleteFrom("mail_outbox").where("to_address", "=", email).execute();
}
