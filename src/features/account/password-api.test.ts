import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { backgroundSettled } from "~/server/background";
import { db } from "~/server/db/client";
import { mailedLink, NEW_PASSWORD, registration } from "../../../tests/support/accounts";
import { apiClient } from "../../../tests/support/api";
import { DIALECTS, useTestDatabase } from "../../../tests/support/db";
import { RESET_ANSWER_MS } from "./password-reset.server";

const OTHER_PASSWORD = "Copper kettle 19 meadows";

/** Registers an account and answers it signed in on one client and on a second, separate, session. */
async function accountWithTwoSessions(email: string, ip: string) {
  const first = apiClient(ip);
  expect((await first.call("POST", "/security/register", registration({ Email: email }))).status).toBe(200);
  const second = apiClient(ip);
  expect((await second.call("POST", "/security/login", { Email: email, Password: NEW_PASSWORD })).status).toBe(200);
  return { first, second };
}

async function mailsTo(email: string): Promise<number> {
  const row = await db()
    .selectFrom("mail_outbox")
    .select(db().fn.countAll().as("n"))
    .where("to_address", "=", email)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(DIALECTS)("forgotten and changed passwords on %s", (dialect) => {
  useTestDatabase(dialect, { products: 6 });

  it("answers a known and an unknown address the same, in the same time, and mails only the known one", async () => {
    const timings: Record<"known" | "unknown", number[]> = { known: [], unknown: [] };
    const bodies = new Set<string>();
    for (let i = 0; i < 3; i++) {
      for (const [kind, email] of [
        ["known", "marie@vitrine.test"],
        ["unknown", `nobody${i}@vitrine.test`],
      ] as const) {
        const started = performance.now();
        const response = await apiClient(`198.51.100.${60 + i}`).call("POST", "/security/password/forgot", {
          Email: email,
        });
        timings[kind].push(performance.now() - started);
        expect(response.status).toBe(200);
        bodies.add(await response.text());
      }
    }
    expect(bodies.size).toBe(1);
    await backgroundSettled();
    const median = (values: number[]) => values.sort((a, b) => a - b)[1] as number;
    expect(Math.min(...timings.known, ...timings.unknown)).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 5);
    expect(Math.abs(median(timings.known) - median(timings.unknown))).toBeLessThan(60);
    expect(await mailsTo("marie@vitrine.test")).toBe(3);
    expect(await mailsTo("nobody0@vitrine.test")).toBe(0);
    // A new link retires the earlier ones: only the last of the three works.
    const open = await db()
      .selectFrom("account_tokens")
      .select("id")
      .where("purpose", "=", "reset")
      .where("used_at", "is", null)
      .execute();
    expect(open).toHaveLength(1);
  });

  it("takes as long for a known address as for an unknown one, over 80 tries sent 40 at a time", async () => {
    const now = new Date().toISOString();
    const known = Array.from({ length: 40 }, (_, i) => `timing${i}@example.org`);
    await db()
      .insertInto("customers")
      .values(
        known.map((email) => ({
          email,
          password_hash: "x",
          first_name: "T",
          last_name: "T",
          culture: "fr",
          is_business: 0,
          role: "customer",
          created_at: now,
        })),
      )
      .execute();
    const timings: Record<"known" | "unknown", number[]> = { known: [], unknown: [] };
    for (const round of [0, 1]) {
      await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const kind = i % 2 === 0 ? "known" : "unknown";
          const email = kind === "known" ? (known[round * 20 + i / 2] as string) : `absent${round}-${i}@example.org`;
          const started = performance.now();
          const response = await apiClient(`198.18.${round}.${i + 1}`).call("POST", "/security/password/forgot", {
            Email: email,
          });
          timings[kind].push(performance.now() - started);
          expect(response.status).toBe(200);
        }),
      );
    }
    // The chance that a known address's answer is slower than an unknown one's: a half when nothing tells
    // them apart; looking the address up inside the answer made it 1.
    let slower = 0;
    for (const k of timings.known) for (const u of timings.unknown) slower += k > u ? 1 : k === u ? 0.5 : 0;
    const chance = slower / (timings.known.length * timings.unknown.length);
    expect(chance).toBeGreaterThan(0.2);
    expect(chance).toBeLessThan(0.8);
    await backgroundSettled();
    expect(await mailsTo("timing0@example.org")).toBe(1);
    expect(await mailsTo("timing39@example.org")).toBe(1);
    expect(await mailsTo("absent0-1@example.org")).toBe(0);
  });

  it.runIf(dialect === "postgres")(
    "answers at once for a known address while the database is slow to write its link",
    async () => {
      const known = ["timing0@example.org", "timing1@example.org", "timing2@example.org", "timing3@example.org"];
      await db().deleteFrom("rate_limits").execute();
      // Another transaction holds the tokens table for 1.5 s: a link cannot be written until then.
      let locked: () => void = () => {};
      const lockTaken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = db()
        .transaction()
        .execute(async (trx) => {
          await sql`lock table account_tokens in exclusive mode`.execute(trx);
          locked();
          await new Promise((resolve) => setTimeout(resolve, 1500));
        });
      await lockTaken;
      const timed = async (email: string, ip: string) => {
        const started = performance.now();
        const response = await apiClient(ip).call("POST", "/security/password/forgot", { Email: email });
        expect(response.status).toBe(200);
        return performance.now() - started;
      };
      const [knownTimes, unknownTimes] = await Promise.all([
        Promise.all(known.map((email, i) => timed(email, `198.18.9.${i + 1}`))),
        Promise.all(known.map((_, i) => timed(`absent-slow${i}@example.org`, `198.18.9.${i + 101}`))),
      ]);
      expect(Math.max(...knownTimes) - Math.max(...unknownTimes)).toBeLessThan(300);
      await holder;
      await backgroundSettled();
      expect(await mailsTo("timing3@example.org")).toBeGreaterThanOrEqual(1);
    },
  );

  it("limits reset mails per e-mail address (silently) and per client address", async () => {
    const client = apiClient("198.51.100.70");
    for (let i = 0; i < 5; i++)
      expect((await client.call("POST", "/security/password/forgot", { Email: "jan@vitrine.test" })).status).toBe(200);
    await backgroundSettled();
    expect(await mailsTo("jan@vitrine.test")).toBe(3);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await client.call("POST", "/security/password/forgot", { Email: `x${i}@vitrine.test` })).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  });

  it("resets once with the mailed link, ends every session, and needs the new password after", async () => {
    const { first, second } = await accountWithTwoSessions("reset.me@example.org", "198.51.100.71");
    await apiClient("198.51.100.72").call("POST", "/security/password/forgot", { Email: "reset.me@example.org" });
    await backgroundSettled();
    const link = await mailedLink("reset.me@example.org");
    expect(link.path).toMatch(/^\/nl\/security\/resetpassword\?token=/);
    const weak = await apiClient().call("POST", "/security/password/reset", { Token: link.token, Password: "short" });
    expect(weak.status).toBe(400);
    const reset = await apiClient().call("POST", "/security/password/reset", {
      Token: link.token,
      Password: OTHER_PASSWORD,
    });
    expect(reset.status).toBe(200);
    expect((await first.call("GET", "/security/me")).status).toBe(401);
    expect((await second.call("GET", "/security/me")).status).toBe(401);
    const again = await apiClient().call("POST", "/security/password/reset", {
      Token: link.token,
      Password: OTHER_PASSWORD,
    });
    expect(again.status).toBe(400);
    const login = (password: string) =>
      apiClient("198.51.100.73").call("POST", "/security/login", { Email: "reset.me@example.org", Password: password });
    expect((await login(NEW_PASSWORD)).status).toBe(401);
    expect((await login(OTHER_PASSWORD)).status).toBe(200);
    expect((await mailedLink("reset.me@example.org")).subject).toBe("Uw wachtwoord is gewijzigd");
  });

  it("refuses an expired link, and two parallel resets with one link change the password once", async () => {
    await accountWithTwoSessions("late@example.org", "198.51.100.74");
    await apiClient("198.51.100.75").call("POST", "/security/password/forgot", { Email: "late@example.org" });
    await backgroundSettled();
    const link = await mailedLink("late@example.org");
    const parallel = await Promise.all(
      [OTHER_PASSWORD, "Quiet harbour 82 lanterns"].map((Password) =>
        apiClient().call("POST", "/security/password/reset", { Token: link.token, Password }),
      ),
    );
    expect(parallel.map((r) => r.status).sort()).toEqual([200, 400]);

    await apiClient("198.51.100.75").call("POST", "/security/password/forgot", { Email: "late@example.org" });
    await backgroundSettled();
    const second = await mailedLink("late@example.org");
    const subject = second.subject;
    expect(subject).toBe("Kies een nieuw wachtwoord");
    await db()
      .updateTable("account_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("used_at", "is", null)
      .execute();
    const expired = await apiClient().call("POST", "/security/password/reset", {
      Token: second.token,
      Password: OTHER_PASSWORD,
    });
    expect(expired.status).toBe(400);
  });

  it("changes the password with the current one, keeps this session and ends the others", async () => {
    const { first, second } = await accountWithTwoSessions("change.me@example.org", "198.51.100.76");
    const wrong = await first.call("POST", "/security/password/change", {
      CurrentPassword: "not it at all",
      NewPassword: OTHER_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { Errors: object }).Errors).toHaveProperty("CurrentPassword");
    const before = first.cookie;
    const ok = await first.call("POST", "/security/password/change", {
      CurrentPassword: NEW_PASSWORD,
      NewPassword: OTHER_PASSWORD,
    });
    expect(ok.status).toBe(200);
    expect(first.cookie).not.toBe(before);
    expect((await first.call("GET", "/security/me")).status).toBe(200);
    expect((await second.call("GET", "/security/me")).status).toBe(401);
    expect(
      (await apiClient().call("POST", "/security/password/change", { CurrentPassword: "a", NewPassword: "b" })).status,
    ).toBe(401);
  });

  it("stops guessing the current password after 5 failures, even from a signed-in session", async () => {
    const { first } = await accountWithTwoSessions("guess@example.org", "198.51.100.77");
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (
          await first.call("POST", "/security/password/change", {
            CurrentPassword: `guess ${i}`,
            NewPassword: OTHER_PASSWORD,
          })
        ).status,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });

  it("stores the language a signed-in customer chooses", async () => {
    const { first } = await accountWithTwoSessions("words@example.org", "198.51.100.78");
    expect((await first.call("PUT", "/security/language", { Culture: "pt" })).status).toBe(200);
    expect((await first.call("PUT", "/security/language", { Culture: "en" })).status).toBe(400);
    const row = await db()
      .selectFrom("customers")
      .select("culture")
      .where("email", "=", "words@example.org")
      .executeTakeFirstOrThrow();
    expect(row.culture).toBe("pt");
    expect((await apiClient().call("PUT", "/security/language", { Culture: "fr" })).status).toBe(401);
  });
});
