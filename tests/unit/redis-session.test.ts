import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { RedisRateLimiter } from "../../src/server/security/rate-limit";
import { RedisSessionStore } from "../../src/server/session/store";

const url = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const prefix = `vitrine-test:${process.pid}:`;

describe("Redis sessions and limits (local Redis)", () => {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  const store = new RedisSessionStore(redis, `${prefix}s:`);
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it("stores, expires and deletes sessions", async () => {
    await store.set("abc", { customerId: 4, data: { a: 1 } }, 60);
    expect(await store.get("abc")).toEqual({ customerId: 4, data: { a: 1 } });
    const ttl = await redis.ttl(`${prefix}s:abc`);
    expect(ttl).toBeGreaterThan(50);
    await store.delete("abc");
    expect(await store.get("abc")).toBeNull();
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
