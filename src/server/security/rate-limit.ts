import type { Redis } from "ioredis";
import { sql } from "kysely";
import { env } from "../config/env";
import { type Db, db } from "../db/client";
import { ApiError } from "../http/errors";
import { redisCall, sharedRedis } from "../redis";

export interface Limit {
  /** How many hits a window allows. */
  max: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /** Counts a hit; returns seconds to wait when the limit is passed, else 0. */
  hit(key: string, limit: Limit): Promise<number>;
  /** Current hits in the window (0 when none), without counting one. */
  peek(key: string, limit: Limit): Promise<number>;
  reset(key: string): Promise<void>;
}

/** Fixed windows in the database, shared by every process on the same database. */
export class DatabaseRateLimiter implements RateLimiter {
  constructor(private readonly db: () => Db) {}

  private async current(key: string, limit: Limit): Promise<{ start: number; hits: number } | null> {
    const row = await this.db().selectFrom("rate_limits").selectAll().where("key", "=", key).executeTakeFirst();
    if (!row) return null;
    const start = Date.parse(row.window_start);
    if (Date.now() - start >= limit.windowSeconds * 1000) return null;
    return { start, hits: row.hits };
  }

  async peek(key: string, limit: Limit): Promise<number> {
    return (await this.current(key, limit))?.hits ?? 0;
  }

  /**
   * One atomic statement counts the hit (or starts a new window) and answers the count, so parallel
   * attempts can neither slip past the limit nor lose increments, on SQLite and PostgreSQL alike.
   */
  async hit(key: string, limit: Limit): Promise<number> {
    const now = Date.now();
    const nowIso = new Date(now).toISOString();
    const expired = new Date(now - limit.windowSeconds * 1000).toISOString();
    const row = await this.db()
      .insertInto("rate_limits")
      .values({ key, window_start: nowIso, hits: 1 })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          hits: sql<number>`case when rate_limits.window_start <= ${expired} then 1 else rate_limits.hits + 1 end`,
          window_start: sql<string>`case when rate_limits.window_start <= ${expired} then ${nowIso} else rate_limits.window_start end`,
        }),
      )
      .returning(["hits", "window_start"])
      .executeTakeFirstOrThrow();
    const start = Date.parse(row.window_start);
    return row.hits > limit.max ? Math.max(1, Math.ceil((start + limit.windowSeconds * 1000 - now) / 1000)) : 0;
  }

  async reset(key: string): Promise<void> {
    await this.db().deleteFrom("rate_limits").where("key", "=", key).execute();
  }
}

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = "vitrine:rate:",
  ) {}

  async hit(key: string, limit: Limit): Promise<number> {
    const k = this.prefix + key;
    const [[, hits], [, ttl]] = (await redisCall(this.redis, () => this.redis.multi().incr(k).ttl(k).exec())) as [
      [null, number],
      [null, number],
    ];
    if (ttl < 0) await redisCall(this.redis, () => this.redis.expire(k, limit.windowSeconds));
    return hits > limit.max ? (ttl > 0 ? ttl : limit.windowSeconds) : 0;
  }

  async peek(key: string, _limit?: Limit): Promise<number> {
    return Number((await redisCall(this.redis, () => this.redis.get(this.prefix + key))) ?? 0);
  }

  async reset(key: string): Promise<void> {
    await redisCall(this.redis, () => this.redis.del(this.prefix + key));
  }
}

let limiter: RateLimiter | undefined;

export function rateLimiter(): RateLimiter {
  if (!limiter) {
    const { REDIS_URL } = env();
    limiter = REDIS_URL
      ? new RedisRateLimiter(sharedRedis(REDIS_URL), `${env().REDIS_PREFIX}rate:`)
      : new DatabaseRateLimiter(db);
  }
  return limiter;
}

export function setRateLimiter(next: RateLimiter | undefined): void {
  limiter = next;
}

/** The refusal of a limit reached: 429, with the minutes to wait in the shopper's language. */
export function tooManyAttempts(waitSeconds: number): ApiError {
  return new ApiError("TooManyRequests", {}, "Security.TooManyAttempts", {
    minutes: Math.max(1, Math.ceil(waitSeconds / 60)),
  });
}
