import { describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import { apiClient } from "../../../tests/support/api";
import { DIALECTS, useTestDatabase } from "../../../tests/support/db";

/** Sends `count` sign-ins at once from one client address; answers the statuses. */
async function parallelSignIns(address: string, count: number, email: (i: number) => string): Promise<number[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const client = apiClient(address);
      return (await client.call("POST", "/security/login", { Email: email(i), Password: `guess-${i}` })).status;
    }),
  );
}

describe.each(DIALECTS)("sign-in limits under parallel attempts on %s", (dialect) => {
  useTestDatabase(dialect, { products: 6 });

  it("checks at most 5 passwords of one account from one address, however many arrive at once", async () => {
    const statuses = await parallelSignIns("198.51.100.1", 25, () => "marie@vitrine.test");
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // Every attempt was counted: none of the increments was lost.
    const rows = await db()
      .selectFrom("rate_limits")
      .select(["key", "hits"])
      .where("key", "like", "signin:acct:%:198.51.100.1")
      .execute();
    expect(rows.map((r) => r.hits)).toEqual([25]);
    // The right password from that address is refused too until the window ends.
    const late = await apiClient("198.51.100.1").call("POST", "/security/login", {
      Email: "marie@vitrine.test",
      Password: "Vitrine-demo-1",
    });
    expect(late.status).toBe(429);
  });

  it("lets one address make at most SIGN_IN_ATTEMPTS_PER_IP attempts, however many arrive at once", async () => {
    const statuses = await parallelSignIns("198.51.100.2", 45, (i) => `nobody${i}@vitrine.test`);
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const ip = await db()
      .selectFrom("rate_limits")
      .select("hits")
      .where("key", "=", "signin:ip:198.51.100.2")
      .executeTakeFirst();
    expect(ip?.hits).toBe(45);
  });

  it("starts a new window once the old one has passed", async () => {
    const key = "signin:ip:198.51.100.3";
    await db()
      .insertInto("rate_limits")
      .values({ key, window_start: new Date(Date.now() - 16 * 60_000).toISOString(), hits: 99 })
      .execute();
    const response = await apiClient("198.51.100.3").call("POST", "/security/login", {
      Email: "jan@vitrine.test",
      Password: "Vitrine-demo-2",
    });
    expect(response.status).toBe(200);
    expect((await db().selectFrom("rate_limits").select("hits").where("key", "=", key).executeTakeFirst())?.hits).toBe(
      1,
    );
  });
});
