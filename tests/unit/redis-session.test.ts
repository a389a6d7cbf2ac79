import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { RedisRateLimiter } from "../../src/server/security/rate-limit";
import { RedisSessionStore } from "../../src/server/session/store";
import { redisForTests } from "../support/redis";

const redisUrl = await redisForTests();
const url = redisUrl ?? "";
const prefix = `vitrine-test:${process.pid}:`;

describe.skipIf(!redisUrl)("Redis sessions and limits (local Redis)", () => {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  const store = new RedisSessionStore(redis, `${prefix}s:`);
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it("stores, expires and deletes sessions", async () => {
    await store.set("abc", { customerId: 4, data: { a: 1 } }, 60);
    expect(await store.get("abc")).toMatchObject({ customerId: 4, data: { a: 1 } });
    expect((await store.get("abc"))?.expiresAt).toBeGreaterThan(Date.now() + 50_000);
    const ttl = await redis.ttl(`${prefix}s:abc`);
    expect(ttl).toBeGreaterThan(50);
    await store.delete("abc");
    expect(await store.get("abc")).toBeNull();
  });

  it("ends every session of a customer but the one kept, and no one else's", async () => {
    await store.set("mine-1", { customerId: 7, data: {} }, 60);
    await store.set("mine-2", { customerId: 7, data: {} }, 60);
    await store.set("kept", { customerId: 7, data: {} }, 60);
    await store.set("other", { customerId: 8, data: {} }, 60);
    await store.set("guest", { customerId: null, data: {} }, 60);
    await store.deleteForCustomer(7, "kept");
    expect(await store.get("mine-1")).toBeNull();
    expect(await store.get("mine-2")).toBeNull();
    expect(await store.get("kept")).not.toBeNull();
    expect(await store.get("other")).not.toBeNull();
    expect(await store.get("guest")).not.toBeNull();
    expect(await redis.ttl(`${prefix}s:customer:7`)).toBeGreaterThan(50);
    await store.deleteForCustomer(7, null);
    expect(await store.get("kept")).toBeNull();
  });

  it("counts hits in a window", async () => {
    const limiter = new RedisRateLimiter(redis, `${prefix}r:`);
    const limit = { max: 2, windowSeconds: 60 };
    expect(await limiter.hit("k", limit)).toBe(0);
    expect(await limiter.hit("k", limit)).toBe(0);
    expect(await limiter.hit("k", limit)).toBeGreaterThan(0);
    expect(await limiter.peek("k", limit)).toBe(3);
    await limiter.reset("k");
    expect(await limiter.peek("k", limit)).toBe(0);
  });
});

describe.skipIf(!redisUrl)("sign-in with sessions in Redis", () => {
  it("keeps the signed-in session in Redis, hashed, and ends it on sign-out", async () => {
    const { createTestDatabase } = await import("../support/db");
    const { setSessionStore, sessionKey } = await import("../../src/server/session/session");
    const { apiClient } = await import("../support/api");
    const database = await createTestDatabase("sqlite", { products: 12 });
    const redis = new Redis(url, { maxRetriesPerRequest: 1 });
    setSessionStore(new RedisSessionStore(redis, `${prefix}app:`));
    try {
      const client = apiClient("203.0.113.50");
      expect(
        (await client.call("POST", "/security/login", { Email: "marie@vitrine.test", Password: "Vitrine-demo-1" }))
          .status,
      ).toBe(200);
      const id = client.cookie.split("=")[1] as string;
      expect(await redis.get(`${prefix}app:${sessionKey(id)}`)).toContain('"customerId"');
      expect(await redis.get(`${prefix}app:${id}`)).toBeNull();
      expect((await client.call("GET", "/security/me")).status).toBe(200);
      await client.call("POST", "/security/logout");
      expect(await redis.get(`${prefix}app:${sessionKey(id)}`)).toBeNull();
    } finally {
      setSessionStore(undefined);
      const keys = await redis.keys(`${prefix}app:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      await database.close();
    }
  });
});
