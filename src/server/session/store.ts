import type { Redis } from "ioredis";
import type { Db } from "../db/client";
import { redisCall, sharedRedis } from "../redis";

export interface SessionRecord {
  customerId: number | null;
  data: Record<string, unknown>;
  /** When the store forgets it (ms since epoch), as read; unset on writes. */
  expiresAt?: number;
}

/** Where sessions live: the database by default, Redis when REDIS_URL is set. Keys are hashed ids. */
export interface SessionStore {
  get(key: string): Promise<SessionRecord | null>;
  set(key: string, record: SessionRecord, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Ends every session of a customer but the one kept (a password change or reset). */
  deleteForCustomer(customerId: number, keepKey: string | null): Promise<void>;
}

export class DatabaseSessionStore implements SessionStore {
  constructor(private readonly db: () => Db) {}

  async get(key: string): Promise<SessionRecord | null> {
    const row = await this.db()
      .selectFrom("sessions")
      .select(["customer_id", "data", "expires_at"])
      .where("id", "=", key)
      .executeTakeFirst();
    if (!row) return null;
    if (row.expires_at <= new Date().toISOString()) {
      await this.delete(key);
      return null;
    }
    return {
      customerId: row.customer_id,
      data: JSON.parse(row.data) as Record<string, unknown>,
      expiresAt: Date.parse(row.expires_at),
    };
  }

  async set(key: string, record: SessionRecord, ttlSeconds: number): Promise<void> {
    const now = new Date();
    const expires = new Date(now.getTime() + ttlSeconds * 1000).toISOString();
    const data = JSON.stringify(record.data);
    await this.db()
      .insertInto("sessions")
      .values({ id: key, customer_id: record.customerId, data, expires_at: expires, created_at: now.toISOString() })
      .onConflict((oc) => oc.column("id").doUpdateSet({ customer_id: record.customerId, data, expires_at: expires }))
      .execute();
  }

  async delete(key: string): Promise<void> {
    await this.db().deleteFrom("sessions").where("id", "=", key).execute();
  }

  async deleteForCustomer(customerId: number, keepKey: string | null): Promise<void> {
    let query = this.db().deleteFrom("sessions").where("customer_id", "=", customerId);
    if (keepKey) query = query.where("id", "!=", keepKey);
    await query.execute();
  }

  /** Forgets sessions past their end (Redis does this by itself). */
  async deleteExpired(now = new Date()): Promise<number> {
    const result = await this.db()
      .deleteFrom("sessions")
      .where("expires_at", "<=", now.toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = "vitrine:session:",
  ) {}

  static fromUrl(url: string, prefix?: string): RedisSessionStore {
    return new RedisSessionStore(sharedRedis(url), prefix);
  }

  async get(key: string): Promise<SessionRecord | null> {
    const [[, raw], [, ttl]] = (await redisCall(this.redis, () =>
      this.redis
        .multi()
        .get(this.prefix + key)
        .pttl(this.prefix + key)
        .exec(),
    )) as [[null, string | null], [null, number]];
    if (!raw) return null;
    const { customerId, data } = JSON.parse(raw) as SessionRecord;
    return { customerId, data, expiresAt: Date.now() + Math.max(0, ttl) };
  }

  /** A customer's session keys, so a password change can end them all. */
  private customerSet(customerId: number): string {
    return `${this.prefix}customer:${customerId}`;
  }

  async set(key: string, record: SessionRecord, ttlSeconds: number): Promise<void> {
    const { customerId, data } = record;
    await redisCall(this.redis, () => {
      const multi = this.redis.multi().set(this.prefix + key, JSON.stringify({ customerId, data }), "EX", ttlSeconds);
      if (customerId !== null)
        multi.sadd(this.customerSet(customerId), key).expire(this.customerSet(customerId), ttlSeconds);
      return multi.exec();
    });
  }

  async delete(key: string): Promise<void> {
    await redisCall(this.redis, () => this.redis.del(this.prefix + key));
  }

  async deleteForCustomer(customerId: number, keepKey: string | null): Promise<void> {
    const set = this.customerSet(customerId);
    const keys = (await redisCall(this.redis, () => this.redis.smembers(set))) as string[];
    const ended = keys.filter((key) => key !== keepKey);
    if (ended.length === 0) return;
    await redisCall(this.redis, () =>
      this.redis
        .multi()
        .del(...ended.map((key) => this.prefix + key))
        .srem(set, ...ended)
        .exec(),
    );
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
