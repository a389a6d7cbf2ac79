import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiClient } from "../../../tests/support/api";
import { createTestDatabase, DIALECTS, useTestDatabase } from "../../../tests/support/db";
import { startSmtp } from "../../../tests/support/smtp";
import { resetEnvForTests } from "../config/env";
import { db } from "../db/client";
import { metricsText } from "../observability/metrics";
import { deliverPendingMails, enqueueMail, outboxState, retryDelayMs } from "./outbox";

const mail = (to: string, subject: string) => ({ to, subject, text: `Body of ${subject}`, html: null, culture: "fr" });

function useSmtpUrl(url: () => string) {
  beforeAll(() => {
    process.env.SMTP_URL = url();
    resetEnvForTests();
  });
  afterAll(() => {
    delete process.env.SMTP_URL;
    resetEnvForTests();
  });
}

async function row(id: number) {
  return db().selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe.each(DIALECTS)("the outbox on %s, with a real SMTP server", (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp({ refuse: (to) => to.startsWith("refused@") });
  });
  afterAll(() => smtp.close());
  useSmtpUrl(() => smtp.url);
  useTestDatabase(dialect, { products: 6 });

  it("delivers a password reset within seconds, by itself, with its link", async () => {
    const before = smtp.received.length;
    const asked = await apiClient("198.51.100.91").call("POST", "/security/password/forgot?culture=fr", {
      Email: "marie@vitrine.test",
    });
    expect(asked.status).toBe(200);
    // Nothing else is sent or called: the outbox's own runs deliver it.
    await vi.waitFor(() => expect(smtp.received.length).toBe(before + 1), { timeout: 5000, interval: 50 });
    const received = smtp.received.at(-1);
    expect(received?.to).toEqual(["marie@vitrine.test"]);
    expect(received?.raw).toMatch(/security\/resetpassword\?[^\s]*token=/i);
    expect(await outboxState()).toMatchObject({ queued: 0 });
  });

  it("sends the others when one address is refused for good, and marks that one failed", async () => {
    const before = smtp.received.length;
    const ids = [
      await enqueueMail(mail("a@example.org", "First")),
      await enqueueMail(mail("refused@example.org", "Refused")),
      await enqueueMail(mail("b@example.org", "Third")),
    ];
    await vi.waitFor(async () => expect((await row(ids[2] as number)).sent_at).not.toBeNull(), { timeout: 5000 });
    await deliverPendingMails();
    expect(smtp.received.slice(before).flatMap((m) => m.to)).toEqual(["a@example.org", "b@example.org"]);
    const refused = await row(ids[1] as number);
    expect(refused.sent_at).toBeNull();
    expect(refused.failed_at).not.toBeNull();
    expect(refused.attempts).toBe(1);
    expect(refused.last_error).toMatch(/550/);
    expect(await metricsText()).toMatch(/^vitrine_outbox_failed_total [1-9]/m);
  });

  it("sends a batch in the order its mails were written, whatever order the database returns them in", async () => {
    const before = smtp.received.length;
    // Written straight to the table (enqueueMail would send each at once): twelve mails, the first then
    // changed, which moves its row after the others on PostgreSQL (a new row version at the table's end).
    const written = new Date().toISOString();
    const addresses = Array.from({ length: 12 }, (_, i) => `in-order-${i + 1}@example.org`);
    const ids: number[] = [];
    for (const to of addresses)
      ids.push(
        (
          await db()
            .insertInto("mail_outbox")
            .values({ to_address: to, subject: to, body: "Body", html: null, culture: "fr", created_at: written })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      );
    await db()
      .updateTable("mail_outbox")
      .set({ subject: "First, corrected" })
      .where("id", "=", ids[0] as number)
      .execute();
    await deliverPendingMails();
    expect(smtp.received.slice(before).flatMap((m) => m.to)).toEqual(addresses);
  });

  it("keeps a mail while the server is down, tries again later with growing delays, and gives up after the last try", async () => {
    expect([1, 2, 3, 8, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
    const down = await startSmtp();
    process.env.SMTP_URL = down.url;
    resetEnvForTests();
    await down.close();
    try {
      const id = await enqueueMail(mail("later@example.org", "Later"));
      await vi.waitFor(async () => expect((await row(id)).attempts).toBe(1), { timeout: 5000 });
      const first = await row(id);
      expect(first.sent_at).toBeNull();
      expect(first.failed_at).toBeNull();
      expect(first.last_error).toMatch(/ECONNREFUSED|connect/i);
      const wait = Date.parse(first.next_attempt_at ?? "") - Date.now();
      expect(wait).toBeGreaterThan(20_000);
      expect(wait).toBeLessThanOrEqual(30_000);
      // Not due yet: a run leaves it alone.
      await deliverPendingMails();
      expect((await row(id)).attempts).toBe(1);
      // Its last try, still down: given up.
      await db()
        .updateTable("mail_outbox")
        .set({ attempts: 7, next_attempt_at: new Date(Date.now() - 1000).toISOString() })
        .where("id", "=", id)
        .execute();
      await deliverPendingMails();
      expect((await row(id)).failed_at).not.toBeNull();
      // The server back: a waiting mail goes at its next try.
      const back = await startSmtp({ port: Number(new URL(down.url).port) });
      try {
        const waiting = await enqueueMail(mail("soon@example.org", "Soon"));
        await vi.waitFor(async () => expect((await row(waiting)).sent_at).not.toBeNull(), { timeout: 5000 });
        expect(back.received.map((m) => m.to[0])).toEqual(["soon@example.org"]);
      } finally {
        await back.close();
      }
    } finally {
      process.env.SMTP_URL = smtp.url;
      resetEnvForTests();
    }
  });

  it("waits for a slow server without losing or repeating the mail", async () => {
    const slow = await startSmtp({ delayMs: 1500 });
    process.env.SMTP_URL = slow.url;
    resetEnvForTests();
    try {
      const id = await enqueueMail(mail("slow@example.org", "Slow"));
      await vi.waitFor(async () => expect((await row(id)).sent_at).not.toBeNull(), { timeout: 8000 });
      await deliverPendingMails();
      expect(slow.received.map((m) => m.to[0])).toEqual(["slow@example.org"]);
    } finally {
      await slow.close();
      process.env.SMTP_URL = smtp.url;
      resetEnvForTests();
    }
  });
});

describe("two processes on one PostgreSQL database", () => {
  it("send each of 200 queued mails exactly once", async () => {
    if (!process.env.TEST_POSTGRES_URL) return;
    const smtp = await startSmtp();
    const database = await createTestDatabase("postgres");
    try {
      await db()
        .insertInto("mail_outbox")
        .values(
          Array.from({ length: 200 }, (_, i) => ({
            to_address: `m${i}@example.org`,
            subject: `Mail ${i}`,
            body: "x",
            html: null,
            culture: "fr",
            created_at: new Date().toISOString(),
            sent_at: null,
          })),
        )
        .execute();
      const run = () =>
        new Promise<number | null>((resolve) => {
          const child = spawn(
            process.execPath,
            [
              "--import",
              "tsx",
              "-e",
              'import("./src/server/mail/outbox.ts").then(async (m) => { let n = 0; for (;;) { const sent = await m.deliverPendingMails(); n += sent; if (sent === 0) break; } console.log(n); process.exit(0); })',
            ],
            {
              env: { ...process.env, DATABASE_URL: database.url, SMTP_URL: smtp.url, LOG_LEVEL: "silent" },
              stdio: "inherit",
            },
          );
          child.on("close", resolve);
        });
      expect(await Promise.all([run(), run()])).toEqual([0, 0]);
      const recipients = smtp.received.flatMap((m) => m.to);
      expect(recipients).toHaveLength(200);
      expect(new Set(recipients).size).toBe(200);
      const unsent = await db().selectFrom("mail_outbox").select("id").where("sent_at", "is", null).execute();
      expect(unsent).toEqual([]);
    } finally {
      await database.close();
      await smtp.close();
    }
  }, 60_000);
});
