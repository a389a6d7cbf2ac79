import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "../../src/server/db/client";
import { connectRedis } from "../../src/server/redis";
import { RedisRateLimiter, setRateLimiter } from "../../src/server/security/rate-limit";
import { loadSession, setSessionStore } from "../../src/server/session/session";
import { RedisSessionStore } from "../../src/server/session/store";
import { apiClient } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { hasRedisServer, startRedis, stopRedis } from "../support/redis";

if (!hasRedisServer) console.log("Redis outage tests skipped: no redis-server binary to start and stop");

describe.skipIf(!hasRedisServer)("sessions and limits in Redis while Redis is stopped", () => {
  const port = 20000 + (process.pid % 20000);
  let redisProcess: ChildProcess;
  let database: TestDatabase;
  const logged: string[] = [];
  let redis: ReturnType<typeof connectRedis>;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite", { products: 6 });
    redisProcess = await startRedis(port);
    redis = connectRedis(`redis://127.0.0.1:${port}`, (line) => logged.push(line));
    await new Promise((resolve) => redis.once("ready", resolve));
    setSessionStore(new RedisSessionStore(redis, "outage:s:"));
    setRateLimiter(new RedisRateLimiter(redis, "outage:r:"));
  });
  afterAll(async () => {
    setSessionStore(undefined);
    setRateLimiter(undefined);
    redis.disconnect();
    if (redisProcess.exitCode === null) await stopRedis(redisProcess);
    await database.close();
  });

  it("lets the first commands of a new connection wait for it instead of failing", async () => {
    const fresh = connectRedis(`redis://127.0.0.1:${port}`, () => {});
    try {
      const store = new RedisSessionStore(fresh, "outage:fresh:");
      // Sent at once, before the connection is ready (no offline queue).
      await store.set("k", { customerId: null, data: { a: 1 } }, 60);
      expect((await store.get("k"))?.data).toEqual({ a: 1 });
    } finally {
      fresh.disconnect();
    }
  });

  it("answers quickly and clearly while Redis is away, keeps the cookie, and recovers by itself", async () => {
    const shopper = apiClient("198.51.100.20");
    const login = await shopper.call("POST", "/security/login", {
      Email: "marie@vitrine.test",
      Password: "Vitrine-demo-1",
    });
    expect(login.status).toBe(200);
    const cookie = shopper.cookie;
    const product = await db().selectFrom("product_variants").select(["id", "product_id"]).executeTakeFirstOrThrow();

    await stopRedis(redisProcess);
    const started = Date.now();

    // A call that needs the session: a clear 503 in the shopper's language, and the cookie is kept.
    const me = await shopper.call("GET", "/security/me?culture=nl");
    expect(me.status).toBe(503);
    expect(await me.json()).toEqual({
      Code: "ServiceUnavailable",
      Message: "De dienst is even niet beschikbaar. Probeer het zo meteen opnieuw.",
      Errors: {},
    });
    expect(me.headers.get("set-cookie")).toBeNull();
    expect(shopper.cookie).toBe(cookie);

    // Public reads go on as for a visitor without a session.
    const variants = await shopper.call("GET", `/catalog/products/${product.product_id}/productvariants`);
    expect(variants.status).toBe(200);

    // Sign-in says the service is briefly unavailable; a visitor's first add to cart too.
    const again = await apiClient("198.51.100.21").call("POST", "/security/login?culture=fr", {
      Email: "jan@vitrine.test",
      Password: "Vitrine-demo-2",
    });
    expect(again.status).toBe(503);
    expect((await again.json()).Message).toContain("momentanément indisponible");
    const visitor = await apiClient().call("POST", "/catalog/products/addtocart", {
      ProductVariantId: product.id,
      Quantity: 1,
    });
    expect(visitor.status).toBe(503);

    // Quickly: no waiting for a reconnection behind each command.
    expect(Date.now() - started).toBeLessThan(2000);
    // Pages load the session as absent instead of failing half-way.
    const pageSession = await loadSession(cookie.split("=")[1]);
    expect(pageSession).toMatchObject({ id: null, customerId: null, unavailable: true });
    // One line for the whole outage, not one per retry.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(logged.filter((line) => line.startsWith("Redis unavailable"))).toHaveLength(1);

    // Redis is back (empty: it keeps nothing on disk): the shopper signs in again without a restart.
    redisProcess = await startRedis(port);
    await vi.waitFor(
      async () => {
        const back = await apiClient("198.51.100.22").call("POST", "/security/login", {
          Email: "marie@vitrine.test",
          Password: "Vitrine-demo-1",
        });
        expect(back.status).toBe(200);
      },
      { timeout: 10_000, interval: 250 },
    );
    expect(logged).toContain("Redis available again");
  });
});
