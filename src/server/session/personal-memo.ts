import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Redis } from "ioredis";
import { acceptsEncoding, parseCookies } from "../page-cache/page-cache";
import type { PageVersionSource } from "../page-cache/page-version";
import { sessionKey } from "./session";

/**
 * A shopper's own small answers kept per session (decision 063, issue 37): the summary her shared pages
 * ask on every load is answered by the production server itself, before Astro and the API, while nothing
 * it was made from has changed. What it was made from:
 * - her session and her customer account: every write endpoint a session or a customer runs bumps their
 *   generation (`changed`), here or in Redis for every process, before its answer leaves;
 * - public data: the version and the tags the answer read (prices, VAT), as for the page cache;
 * - the clock: an answer says until when it holds (a coupon priced by the minute), and a session is
 *   renewed while used, so no answer outlives the moment her session is due for renewal;
 * - the request's culture and country: an answer for another is not served.
 * Without Redis the generations are this process's own: one process per shop (SQLite, or PostgreSQL
 * without Redis), as docs/operations.md says. Redis away: nothing is served or kept.
 */
export interface PersonalMemoOptions {
  ttlSeconds: number;
  /** Entries kept in this process (one per session and path). */
  maxEntries: number;
  version: PageVersionSource;
  sessionCookie: string;
  /** Cookies the answers depend on (the price country). */
  variantCookies: readonly string[];
  /** Security headers every answer carries (added by Astro's middleware to the first one). */
  decorate(headers: Headers): void;
  redis?: Redis;
  redisPrefix?: string;
  onError?(error: unknown): void;
  /** Each request for a path the memo keeps: answered from it, or left to compute. */
  onResult?(result: "hit" | "miss"): void;
}

/** Read before the answer is computed: what it will be made from. */
export interface MemoTicket {
  key: string;
  path: string;
  fingerprint: string;
  genKeys: string[];
  gens: number[];
  version: number;
  tagMark: number;
  /** Until when the session goes without renewal (epoch ms). */
  until: number;
}

interface Entry {
  fingerprint: string;
  genKeys: string[];
  gens: number[];
  version: number;
  tags: Record<string, number>;
  expiresAt: number;
  headers: [string, string][];
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** A response header an answer sets to say until when (epoch ms) it holds; never sent to the browser. */
export const MEMO_UNTIL_HEADER = "x-vitrine-memo-until";

/** The facts of a request the memo looks at, from Node's request or the Fetch API's. */
export interface MemoFacts {
  url: string;
  cookie: string;
  culture: string;
  acceptLanguage: string;
}

/** Answers this small are sent as they are (the `compression` threshold of the server). */
const COMPRESS_FROM_BYTES = 1024;

/** Headers of the computed answer that are its request's own, or that the memo sets itself. */
const NOT_STORED = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "set-cookie",
  "date",
  "connection",
  "keep-alive",
  "x-request-id",
  "vary",
  MEMO_UNTIL_HEADER,
]);

/** Where the generations of sessions and customers live. */
interface Generations {
  read(keys: string[]): Promise<number[] | null>;
  bump(keys: string[]): Promise<void>;
}

/**
 * One process's generations. A key unchanged for a lifetime of entries is forgotten: every entry made
 * before its change has expired by then, and one made after recorded its number, which 0 differs from.
 */
class MemoryGenerations implements Generations {
  private readonly gens = new Map<string, { gen: number; at: number }>();
  private pruned = Date.now();

  constructor(private readonly lifetimeMs: number) {}

  async read(keys: string[]): Promise<number[]> {
    return keys.map((key) => this.gens.get(key)?.gen ?? 0);
  }

  async bump(keys: string[]): Promise<void> {
    const now = Date.now();
    for (const key of keys) this.gens.set(key, { gen: (this.gens.get(key)?.gen ?? 0) + 1, at: now });
    if (now - this.pruned < this.lifetimeMs) return;
    this.pruned = now;
    for (const [key, value] of this.gens) if (now - value.at > this.lifetimeMs) this.gens.delete(key);
  }
}

/** Generations every process reads: one INCR per change, one MGET per answer served. */
class RedisGenerations implements Generations {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly lifetimeMs: number,
  ) {}

  async read(keys: string[]): Promise<number[] | null> {
    if (this.redis.status !== "ready") return null;
    try {
      const values = await this.redis.mget(keys.map((key) => this.prefix + key));
      return values.map((value) => Number(value ?? 0));
    } catch {
      return null;
    }
  }

  async bump(keys: string[]): Promise<void> {
    const multi = this.redis.multi();
    for (const key of keys) multi.incr(this.prefix + key).pexpire(this.prefix + key, this.lifetimeMs);
    const results = await multi.exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error("Redis did not run the generation bump");
  }
}

export class PersonalMemo {
  private readonly entries = new Map<string, Entry>();
  /** Paths an answer was kept for: only those are looked up. */
  private readonly paths = new Set<string>();
  private readonly generations: Generations;
  readonly stats = { hits: 0, misses: 0, stored: 0 };

  constructor(private readonly options: PersonalMemoOptions) {
    // Twice an entry's lifetime: see MemoryGenerations.
    const lifetime = options.ttlSeconds * 2000;
    this.generations = options.redis
      ? new RedisGenerations(options.redis, `${options.redisPrefix ?? "vitrine:"}memo:`, lifetime)
      : new MemoryGenerations(lifetime);
    // Redis back after an outage (maybe restarted empty, or a bump lost meanwhile): nothing kept before holds.
    options.redis?.on("ready", () => this.clear());
  }

  private fingerprint(facts: MemoFacts, cookies: Map<string, string>): string {
    const variant = this.options.variantCookies.map((name) => cookies.get(name) ?? "");
    return [facts.culture, facts.acceptLanguage, ...variant].join("\u0000");
  }

  /**
   * What an answer for this session will be made from, read before it is computed. `customerId` and
   * `renewsAt` as the session was loaded; null: not kept (no session, public data unknown, Redis away).
   */
  async ticket(facts: MemoFacts, customerId: number | null, renewsAt: number | undefined): Promise<MemoTicket | null> {
    const cookies = parseCookies(facts.cookie);
    const id = cookies.get(this.options.sessionCookie);
    const version = this.options.version.current();
    if (!id || version === null) return null;
    const session = sessionKey(id);
    const genKeys = [`s:${session}`, ...(customerId === null ? [] : [`c:${customerId}`])];
    const tagMark = this.options.version.tagMark();
    const gens = await this.generations.read(genKeys);
    if (!gens) return null;
    const path = facts.url.split("#")[0] ?? "";
    return {
      key: `${session}\u0000${path}`,
      path: path.split("?")[0] ?? "",
      fingerprint: this.fingerprint(facts, cookies),
      genKeys,
      gens,
      version,
      tagMark,
      until: Math.min(Date.now() + this.options.ttlSeconds * 1000, renewsAt ?? Number.POSITIVE_INFINITY),
    };
  }

  /** Keeps an answer: `tags` the public data it read, `until` when it stops holding by itself. */
  store(ticket: MemoTicket, headers: Headers, body: string, tags: Iterable<string>, until?: number): void {
    const versions = this.options.version.tagVersions(tags, ticket.tagMark);
    if (versions === null || this.options.version.current() !== ticket.version) return;
    const kept: [string, string][] = [];
    headers.forEach((value, name) => {
      if (!NOT_STORED.has(name.toLowerCase())) kept.push([name, value]);
    });
    const decorated = new Headers(kept);
    this.options.decorate(decorated);
    const bytes = Buffer.from(body);
    const entry: Entry = {
      fingerprint: ticket.fingerprint,
      genKeys: ticket.genKeys,
      gens: ticket.gens,
      version: ticket.version,
      tags: versions,
      expiresAt: Math.min(ticket.until, until ?? Number.POSITIVE_INFINITY),
      headers: [...decorated],
      body: bytes,
    };
    if (bytes.length >= COMPRESS_FROM_BYTES) {
      entry.br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
      entry.gzip = gzipSync(bytes);
    }
    this.entries.delete(ticket.key);
    this.entries.set(ticket.key, entry);
    this.paths.add(ticket.path);
    this.stats.stored += 1;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  /**
   * A write by this session or customer (any endpoint but a read): their answers are made again, in
   * every process. Awaited before the write's answer leaves, so the next request sees the change. Redis
   * failing here (its reads fail too, so no process serves from the memo meanwhile) loses no write.
   */
  async changed(sessionIds: (string | null)[], customerIds: (number | null)[]): Promise<void> {
    const keys = [
      ...new Set(sessionIds.filter((id): id is string => !!id).map((id) => `s:${sessionKey(id)}`)),
      ...new Set(customerIds.filter((id): id is number => id !== null).map((id) => `c:${id}`)),
    ];
    if (!keys.length) return;
    try {
      await this.generations.bump(keys);
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  /** The entry a request for a path the memo keeps may be answered with, or undefined. */
  private async find(facts: MemoFacts): Promise<Entry | undefined> {
    const entry = await this.entryFor(facts.url, facts);
    if (!entry) {
      this.stats.misses += 1;
      this.options.onResult?.("miss");
    }
    return entry;
  }

  private async entryFor(path: string, facts: MemoFacts): Promise<Entry | undefined> {
    const cookies = parseCookies(facts.cookie);
    const id = cookies.get(this.options.sessionCookie);
    if (!id) return undefined;
    const key = `${sessionKey(id)}\u0000${path}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const version = this.options.version;
    // Another culture or country: made again, and kept in its place.
    if (entry.fingerprint !== this.fingerprint(facts, cookies)) return undefined;
    if (entry.expiresAt <= Date.now() || entry.version !== version.current() || !version.tagsCurrent(entry.tags)) {
      this.entries.delete(key);
      return undefined;
    }
    const gens = await this.generations.read(entry.genKeys);
    if (!gens || gens.some((gen, at) => gen !== entry.gens[at])) {
      if (gens) this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Answers a GET from the memo when it can; false means: compute it. */
  async serve(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    // Every API request passes here: one set lookup for those the memo never keeps.
    if (!this.paths.has(query < 0 ? url : url.slice(0, query))) return false;
    const entry = await this.find({
      url,
      cookie: String(req.headers.cookie ?? ""),
      culture: String(
        (query < 0 ? null : new URLSearchParams(url.slice(query)).get("culture")) ?? req.headers["x-culture"] ?? "",
      ),
      acceptLanguage: String(req.headers["accept-language"] ?? ""),
    });
    if (!entry) return false;
    this.stats.hits += 1;
    this.options.onResult?.("hit");
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("X-Cache", "hit");
    const accept = String(req.headers["accept-encoding"] ?? "");
    let body = entry.body;
    if (entry.br && acceptsEncoding(accept, "br")) {
      res.setHeader("Content-Encoding", "br");
      body = entry.br;
    } else if (entry.gzip && acceptsEncoding(accept, "gzip")) {
      res.setHeader("Content-Encoding", "gzip");
      body = entry.gzip;
    }
    res.setHeader("Vary", "Accept-Encoding");
    res.statusCode = 200;
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }

  clear(): void {
    this.entries.clear();
  }
}
