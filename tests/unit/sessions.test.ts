import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepAbandonedCarts } from "../../src/features/cart/cart-sweeper.server";
import { resetEnvForTests } from "../../src/server/config/env";
import { db } from "../../src/server/db/client";
import { sessionKey } from "../../src/server/session/session";
import { apiClient } from "../support/api";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/db";

const HOUR = 3600_000;

const sessionCount = async () =>
  Number(
    (
      await db()
        .selectFrom("sessions")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(DIALECTS)("visitors' sessions on %s", (dialect) => {
  let database: TestDatabase;
  let variantId: number;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 8 });
    const row = await db()
      .selectFrom("product_variants as v")
      .innerJoin("stock as s", "s.variant_id", "v.id")
      .select("v.id")
      .where("s.quantity", ">", 20)
      .where("v.min_quantity", "<=", 1)
      .where("v.step_quantity", "=", 1)
      .executeTakeFirstOrThrow();
    variantId = row.id;
  });
  afterAll(async () => {
    await database.close();
  });

  const addToCart = (client: ReturnType<typeof apiClient>) =>
    client.call("POST", "/catalog/products/addtocart", { ProductVariantId: variantId, Quantity: 1 });
  const expiresIn = async (cookie: string) => {
    const row = await db()
      .selectFrom("sessions")
      .select("expires_at")
      .where("id", "=", sessionKey(cookie.split("=")[1] as string))
      .executeTakeFirstOrThrow();
    return Date.parse(row.expires_at) - Date.now();
  };

  it("gives a visitor a short session (48 h) and a customer a long one (720 h)", async () => {
    const client = apiClient("198.51.100.40");
    const added = await addToCart(client);
    expect(added.status).toBe(200);
    expect(added.headers.get("set-cookie")).toContain("Max-Age=172800");
    expect(await expiresIn(client.cookie)).toBeGreaterThan(47 * HOUR);
    expect(await expiresIn(client.cookie)).toBeLessThanOrEqual(48 * HOUR);
    const login = await client.call("POST", "/security/login", {
      Email: "lucia@vitrine.test",
      Password: "Vitrine-demo-3",
    });
    expect(login.headers.get("set-cookie")).toContain(`Max-Age=${720 * 3600}`);
    expect(await expiresIn(client.cookie)).toBeGreaterThan(719 * HOUR);
  });

  it("extends a visitor's session while it is used, at most once an hour", async () => {
    const client = apiClient("198.51.100.41");
    await addToCart(client);
    // Used again at once: nothing to write, no cookie sent.
    const soon = await client.call("GET", "/shoppingcarts");
    expect(soon.headers.get("set-cookie")).toBeNull();
    // Two hours later (its end moved two hours closer): extended to 48 h again, the cookie with it.
    await db()
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() + 46 * HOUR).toISOString() })
      .where("id", "=", sessionKey(client.cookie.split("=")[1] as string))
      .execute();
    const later = await client.call("GET", "/shoppingcarts");
    expect(later.headers.get("set-cookie")).toContain("Max-Age=172800");
    expect(await expiresIn(client.cookie)).toBeGreaterThan(47 * HOUR);
    expect((await (await client.call("GET", "/shoppingcarts")).json()).ItemsCount).toBe(1);
  });

  it("lets one address open at most SESSIONS_PER_IP_PER_HOUR sessions", async () => {
    process.env.SESSIONS_PER_IP_PER_HOUR = "10";
    resetEnvForTests();
    try {
      const before = await sessionCount();
      const statuses: number[] = [];
      // A cookie-less script: a new client (no cookie) for every request.
      for (let i = 0; i < 14; i++) statuses.push((await addToCart(apiClient("198.51.100.42"))).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
      const after = await sessionCount();
      expect(after - before).toBe(10);
      // Another address is not held back, and a visitor who has a session keeps using it.
      expect((await addToCart(apiClient("198.51.100.43"))).status).toBe(200);
    } finally {
      delete process.env.SESSIONS_PER_IP_PER_HOUR;
      resetEnvForTests();
    }
  });

  it("sweeps expired sessions and the carts of visitors who are gone, never a customer's cart", async () => {
    const gone = apiClient("198.51.100.44");
    await addToCart(gone);
    const stays = apiClient("198.51.100.45");
    await addToCart(stays);
    const customer = apiClient("198.51.100.46");
    await customer.call("POST", "/security/login", { Email: "jan@vitrine.test", Password: "Vitrine-demo-2" });
    await addToCart(customer);
    const key = (client: ReturnType<typeof apiClient>) => sessionKey(client.cookie.split("=")[1] as string);
    const old = new Date(Date.now() - 72 * HOUR).toISOString();
    // Three days idle; the first visitor's session has ended, the second one's is still in use.
    await db().updateTable("carts").set({ updated_at: old }).execute();
    await db().updateTable("sessions").set({ expires_at: old }).where("id", "=", key(gone)).execute();

    await sweepAbandonedCarts();

    expect(
      await db().selectFrom("sessions").select("id").where("id", "=", key(gone)).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db().selectFrom("carts").select("id").where("session_id", "=", key(gone)).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db().selectFrom("carts").select("id").where("session_id", "=", key(stays)).executeTakeFirst(),
    ).toBeDefined();
    expect((await (await customer.call("GET", "/shoppingcarts")).json()).ItemsCount).toBeGreaterThan(0);
  });
});
