import nodemailer, { type Transporter } from "nodemailer";
import { env } from "../config/env";
import { db, type Executor } from "../db/client";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  culture: string;
}

/**
 * Mails are written to the outbox first (in the same transaction as what caused them, where there is
 * one) and sent afterwards: a failing SMTP server never loses an order's confirmation, and a later
 * delivery retries what is still unsent. Without SMTP_URL, mails stay readable in the outbox
 * (`/dev/mails` in development).
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
  // Inside a transaction the row is not visible yet: a later delivery run sends it.
  if (!executor.isTransaction)
    void deliverPendingMails().catch((error) => console.warn("mail delivery failed; will retry", error));
  return row.id;
}

let transport: Transporter | undefined;
let delivering: Promise<number> | undefined;

/** Sends unsent mails over SMTP when configured; answers how many were sent. One run at a time per process. */
export function deliverPendingMails(): Promise<number> {
  const { SMTP_URL, MAIL_FROM } = env();
  if (!SMTP_URL) return Promise.resolve(0);
  delivering ??= (async () => {
    transport ??= nodemailer.createTransport(SMTP_URL);
    const pending = await db()
      .selectFrom("mail_outbox")
      .selectAll()
      .where("sent_at", "is", null)
      .orderBy("id")
      .limit(50)
      .execute();
    let sent = 0;
    for (const mail of pending) {
      await transport.sendMail({
        from: MAIL_FROM,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.body,
        ...(mail.html ? { html: mail.html } : {}),
      });
      await db()
        .updateTable("mail_outbox")
        .set({ sent_at: new Date().toISOString() })
        .where("id", "=", mail.id)
        .execute();
      sent++;
    }
    return sent;
  })().finally(() => {
    delivering = undefined;
  });
  return delivering;
}

/** The latest mails, for the development outbox page and tests. */
export async function recentMails(limit = 20) {
  return db().selectFrom("mail_outbox").selectAll().orderBy("id", "desc").limit(limit).execute();
}
