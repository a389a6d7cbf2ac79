import { Redis } from "ioredis";
import { ApiError } from "./http/errors";
import { log as logger } from "./observability/log";

/** Connections that were ready at least once: from then on a lost one fails fast. */
const everReady = new WeakSet<Redis>();

/** How long a Redis command may take before the request goes on without it. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * A Redis connection that fails fast while Redis is away (no offline queue: a command answers at once
 * instead of waiting for a reconnection), reconnects by itself, and says so once per outage rather than
 * once per retry.
 */
export function connectRedis(url: string, log: (line: string) => void = (line) => logger().warn(line)): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let down = false;
  redis.on("ready", () => everReady.add(redis));
  redis.on("error", (error: Error) => {
    if (down) return;
    down = true;
    log(`Redis unavailable (${error.message}): sessions and limits answer 503 until it is back`);
  });
  redis.on("ready", () => {
    if (!down) return;
    down = false;
    log("Redis available again");
  });
  return redis;
}

const shared = new Map<string, Redis>();

/** The process's one connection to a Redis (sessions and limits share it, and one outage logs once). */
export function sharedRedis(url: string): Redis {
  let redis = shared.get(url);
  if (!redis) {
    redis = connectRedis(url);
    shared.set(url, redis);
  }
  return redis;
}

/** How long the first commands of a new process wait for its first connection (then: fail fast). */
export const REDIS_FIRST_CONNECT_WAIT_MS = 2000;

/**
 * Runs a Redis command; a Redis that is away is a 503 for the client (ServiceUnavailable), not a 500.
 * Without an offline queue a command sent while the first connection is still being made would fail, so
 * until it was ready once, commands wait for it (briefly); after that an outage fails at once.
 */
export async function redisCall<T>(redis: Redis, command: () => Promise<T>): Promise<T> {
  try {
    if (redis.status !== "ready" && !everReady.has(redis)) await firstReady(redis);
    return await command();
  } catch {
    throw new ApiError("ServiceUnavailable");
  }
}

/** One wait per connection, whatever the number of commands waiting (one listener, not one each). */
const firstWaits = new WeakMap<Redis, Promise<void>>();

function firstReady(redis: Redis): Promise<void> {
  // A lazy connection starts with its first command.
  if (redis.status === "wait") return redis.connect();
  let wait = firstWaits.get(redis);
  if (!wait) {
    wait = waitReady(redis).finally(() => firstWaits.delete(redis));
    firstWaits.set(redis, wait);
  }
  return wait;
}

function waitReady(redis: Redis): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off("ready", onReady);
      reject(new Error("Redis not ready"));
    }, REDIS_FIRST_CONNECT_WAIT_MS);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once("ready", onReady);
  });
}
