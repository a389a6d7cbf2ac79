import { describe, expect, it } from "vitest";
import { connectRedis, redisCall } from "./redis";

const URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe("the first commands of a new process", () => {
  it("wait for the first connection together: one listener however many wait, each answered", async () => {
    const redis = connectRedis(URL, () => {});
    try {
      const calls = Array.from({ length: 50 }, (_, i) => redisCall(redis, () => redis.echo(`n${i}`)));
      // Fifty commands waiting for the connection add one "ready" listener of their own, not fifty.
      expect(redis.listenerCount("ready")).toBeLessThanOrEqual(3);
      expect(await Promise.all(calls)).toEqual(Array.from({ length: 50 }, (_, i) => `n${i}`));
    } finally {
      redis.disconnect();
    }
  });
});
