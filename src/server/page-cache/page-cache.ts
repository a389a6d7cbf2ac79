import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, brotliDecompress, constants, gunzipSync, gzip } from "node:zlib";
import type { Redis } from "ioredis";
import { plainPathname } from "~/lib/url";
import type { PageVersionSource } from "./page-version";

const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);
const gzipAsync = promisify(gzip);

/**
 * The rendered-page cache (decision 050): the HTML of public pages, kept compressed once (brotli and
 * gzip) in an LRU capped in bytes, and shared through Redis when there is one. An entry carries the
 * version of the public data it was rendered from; once the triggers bump that version, no process
 * serves it again.
 *
 * Two entries per page (decision 062): as a visitor without a session sees it, and as every shopper with
 * one sees it before her own parts (name, cart, wishlist) come from one small request after load. A
 * shopper whose browser runs no script (no `scriptCookie`) gets her page rendered for her.
 */
export interface PageCacheOptions {
  /** How long an entry may serve (pages show times: countdowns, scheduled banners). */
  ttlSeconds: number;
  maxBytes: number;
  version: PageVersionSource;
  /** The deploy: entries of another build are never read. */
  build: string;
  /** First path segments of the pages that may be cached (the cultures). */
  prefixes: readonly string[];
  /** Cookies whose presence means a personal page (a one-time notice): never cached. */
  personalCookies: readonly string[];
  /** The session cookie: its pages are shared by every shopper with one whose browser runs scripts. */
  sessionCookie: string;
  /** Set by the page's first script: this browser fills a page's personal parts itself. */
  scriptCookie: string;
  /** Cookies the public HTML depends on (consent, popups closed): each value has its own entry. */
  variantCookies: readonly string[];
  redis?: Redis;
  /** Prefix of the Redis keys (REDIS_PREFIX). */
  redisPrefix?: string;
}

/**
 * The ticket `serve` read for a request it did not answer (null: not cacheable), for the page's
 * middleware to reuse instead of reading it again (it was read before the render all the same).
 */
/** What `serve` tells its caller about a request: the ticket of a page it did not answer, the bytes it sent. */
export interface ServeNotes {
  pageTicket?: KnownTicket;
  bytes?: number;
  /** What the cache did; `serve` sets "stale" for a page kept before the database went away, served through it. */
  cache?: "hit" | "miss" | "stale";
}

export interface KnownTicket {
  /** The address it was read for, as the request asked it (`req.url`). */
  url: string;
  ticket: PageTicket | null;
}

/** What the page renderer needs to store what it renders: read before rendering starts. */
export interface PageTicket {
  key: string;
  version: number;
  /** When rendering started (epoch ms): the page's schedule is read from then. */
  at: number;
  /** Tag changes known when rendering started (the version source's mark). */
  tagMark: number;
  /** The entry for shoppers with a session: their own parts left out, filled after load. */
  personal: boolean;
}

interface Entry {
  version: number;
  /** The versions of the tags the page depended on (decision 057). */
  tags: Record<string, number>;
  /** The version source's tag mark when `tags` were last found current. */
  tagsCurrentAt?: number;
  etag: string;
  expiresAt: number;
  headers: [string, string][];
  br: Buffer;
  gzip: Buffer;
  bytes: number;
  /** Its brotli is of the highest quality (decision 069): compressed again after it was served twice. */
  tuned: boolean;
  /**
   * Every header of its answer but the coding, length and request id, as `writeHead` takes them (name,
   * value, name, value…), made at its first hit (not kept in Redis).
   */
  answerHeaders?: string[];
}

/** The compressed bodies of a page that went stale, for its next render if that makes the same bytes. */
interface Bodies {
  etag: string;
  br: Buffer;
  gzip: Buffer;
  tuned: boolean;
}

/**
 * Brotli quality of a page as first kept: about 2 ms for a 100 KB list page, 10 % larger than quality 11
 * (85–130 ms on the same machine). A page served again is compressed at quality 11 in the background
 * (decision 069).
 */
const STORE_BROTLI_QUALITY = 7;
const TUNED_BROTLI_QUALITY = 11;
/** Pages waiting for their quality-11 brotli at most; more are left at quality 7 until served again. */
const TUNE_QUEUE = 64;
/** Stale pages whose compressed bodies are remembered for a render that makes the same bytes. */
const PREVIOUS_BODIES = 64;

/** What a request looks like to the cache, from Node's request or the Fetch API's. */
export interface RequestFacts {
  method: string;
  url: string;
  host: string;
  cookie: string;
  requestedWith: string;
}

/** Headers of the stored response that are not the page's own, or that the cache sets itself. */
const NOT_STORED = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "set-cookie",
  "etag",
  "cache-control",
  "vary",
  "x-cache",
  "date",
  "connection",
  "keep-alive",
  // Astro's own mark on the response it hands its adapter (removed before an uncached answer is sent).
  "x-astro-route-type",
]);

export function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    cookies.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return cookies;
}

/** A weak validator: the same page compressed two ways is one representation for revalidation. */
export function pageEtag(body: string | Buffer): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** Entry keys by what they are made of: a cached page's answer hashed its key each time (3 % of it). */
const HASHED_KEYS = new Map<string, string>();
/** The memo is emptied when it holds this many (addresses with any query make new ones). */
const HASHED_KEYS_KEPT = 10_000;

function hashedKey(parts: string): string {
  let key = HASHED_KEYS.get(parts);
  if (key === undefined) {
    key = createHash("sha1").update(parts).digest("base64url");
    if (HASHED_KEYS.size >= HASHED_KEYS_KEPT) HASHED_KEYS.clear();
    HASHED_KEYS.set(parts, key);
  }
  return key;
}

/** Each coding's test, made once (a new RegExp per request was 1 % of a cached page's time). */
const CODING_TESTS = new Map<string, RegExp>();

export function acceptsEncoding(accept: string, name: string): boolean {
  let test = CODING_TESTS.get(name);
  if (!test) {
    test = new RegExp(`(^|[\\s,])${name}(?![^,]*;\\s*q=0(\\.0+)?\\s*(,|$))`, "i");
    CODING_TESTS.set(name, test);
  }
  return test.test(accept);
}

export function ifNoneMatch(header: string | undefined | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}

/** How long a request waits for another request's render of the same page before rendering it itself. */
export const COALESCE_WAIT_MS = 2000;
/** Pages remembered as not kept at their last render (a key is about 30 bytes). */
const NOT_KEPT_KEYS = 10_000;

/** Deletes a Map's or Set's oldest keys (the first inserted) until it holds `max` at most. */
function dropOldest(collection: Map<string, unknown> | Set<string>, max: number): void {
  for (const oldest of collection.keys()) {
    if (collection.size <= max) break;
    collection.delete(oldest);
  }
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /**
   * Pages being rendered (for the first time, or again after their entry went stale: an order, an edit):
   * the requests that arrive meanwhile wait for that render instead of each rendering the same page
   * (decision 080: fifty first renders at once took 2.5 s each). Not pages whose last render was not
   * kept (`notKept`), so a page that is never cached is waited for at most once.
   */
  private readonly rerendering = new Map<string, { done: Promise<void>; finish: () => void }>();
  /** Keys whose last render was not kept (a sign-in page, a failed render), oldest first; NOT_KEPT_KEYS at most. */
  private readonly notKept = new Set<string>();
  /** Pages whose data moved on, by key: a render that makes the same bytes reuses their compression. */
  private readonly previous = new Map<string, Bodies>();
  /** Keys waiting for (or being given) their quality-11 brotli; one compression runs at a time. */
  private readonly tuning = new Set<string>();
  private tuned: Promise<void> = Promise.resolve();
  readonly stats = {
    hits: 0,
    misses: 0,
    stored: 0,
    evicted: 0,
    coalesced: 0,
    /** Pages served through a database outage (`serveThroughOutage`). */
    stale: 0,
    tuned: 0,
    reused: 0,
    /** Body bytes of the pages it answered (the metrics read it when scraped). */
    servedBytes: 0,
  };

  constructor(private readonly options: PageCacheOptions) {}

  /**
   * The headers that let a browser revalidate and a CDN keep the page for a while; a page for a shopper
   * with a session is for her browser only (a shared cache never keeps what came with her cookie).
   */
  cacheHeaders(etag: string, personal = false): Record<string, string> {
    const ttl = this.options.ttlSeconds;
    return {
      ETag: etag,
      "Cache-Control": personal
        ? "private, max-age=0, must-revalidate"
        : `public, max-age=0, s-maxage=${ttl}, stale-while-revalidate=${ttl}`,
      // The consent, popup, country and session cookies change the page: a cache must tell them apart.
      Vary: "Accept-Encoding, Cookie",
    };
  }

  /** The entry key and the current version, or null when this request's page must not be cached. */
  ticket(facts: RequestFacts, version = this.options.version.current()): PageTicket | null {
    if (facts.method !== "GET" && facts.method !== "HEAD") return null;
    // A plain path (most requests) is its own pathname: the URL parser would change none of its characters.
    const plain = plainPathname(facts.url);
    const url = plain === null ? new URL(facts.url, "http://x") : null;
    const pathname = plain ?? url?.pathname ?? "/";
    const first = pathname.split("/", 2)[1] ?? "";
    if (!this.options.prefixes.includes(first)) return null;
    const cookies = parseCookies(facts.cookie);
    if (this.options.personalCookies.some((name) => cookies.has(name))) return null;
    const personal = cookies.has(this.options.sessionCookie);
    // A shopper whose browser may not fill her own parts: her page is rendered for her.
    if (personal && !cookies.has(this.options.scriptCookie)) return null;
    if (version === null) return null;
    url?.searchParams.sort();
    const variant = this.options.variantCookies.map((name) => cookies.get(name) ?? "").join("\u0001");
    const key = [
      this.options.build,
      facts.host,
      pathname,
      url ? url.search : "",
      facts.requestedWith,
      variant,
      personal ? "personal" : "anonymous",
    ].join("\u0000");
    return {
      key: hashedKey(key),
      version,
      at: Date.now(),
      tagMark: this.options.version.tagMark(),
      personal,
    };
  }

  /** Still what the page would be: same version, tags unchanged, not expired. */
  private fresh(entry: Entry, version: number): boolean {
    if (entry.version !== version || entry.expiresAt <= Date.now()) return false;
    // Tags change only with the source's mark: a list's dozens of tags are compared once per mark, not
    // at each hit (they were 3 % of a cached page's answer).
    const mark = this.options.version.tagMark();
    if (mark >= 0 && entry.tagsCurrentAt === mark) return true;
    if (!this.options.version.tagsCurrent(entry.tags)) return false;
    entry.tagsCurrentAt = mark;
    return true;
  }

  private live(key: string, version: number, stale?: () => void): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!this.fresh(entry, version)) {
      this.drop(key, entry);
      this.remember(key, entry);
      stale?.();
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** A stale page's compressed bodies, for its next render (at most PREVIOUS_BODIES pages). */
  private remember(key: string, entry: Entry): void {
    this.previous.delete(key);
    this.previous.set(key, { etag: entry.etag, br: entry.br, gzip: entry.gzip, tuned: entry.tuned });
    dropOldest(this.previous, PREVIOUS_BODIES);
  }

  /**
   * A page served again is worth its best brotli (decision 069): the HTML of a page often crosses the
   * 14 KB a new connection's first round trip carries at quality 7 and not at 11. Quality 11 takes
   * 25 times as long, so it runs after the answer, one page at a time in zlib's thread pool, and
   * replaces the entry's brotli (here and in Redis) only if the entry is still the one it read.
   */
  private tune(key: string, entry: Entry): void {
    if (entry.tuned || this.tuning.has(key) || this.tuning.size >= TUNE_QUEUE) return;
    this.tuning.add(key);
    this.tuned = this.tuned.then(async () => {
      try {
        if (this.entries.get(key) !== entry) return;
        const source = await unbrotli(entry.br);
        const br = await brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: TUNED_BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        if (this.entries.get(key) !== entry) return;
        if (br.length < entry.br.length) {
          this.bytes += br.length - entry.br.length;
          entry.bytes += br.length - entry.br.length;
          entry.br = br;
        }
        entry.tuned = true;
        this.stats.tuned += 1;
        const redis = this.options.redis;
        if (redis?.status === "ready") {
          const left = entry.expiresAt - Date.now();
          // Only over the entry it replaces (XX): never brings back a page another process dropped.
          if (left > 0) await redis.set(this.redisKey(key), encodeEntry(entry), "PX", left, "XX");
        }
      } catch {
        // Redis away or the entry unreadable: the page keeps its quality-7 brotli.
      } finally {
        this.tuning.delete(key);
      }
    });
  }

  /** Resolves when the pages waiting for their best brotli have it (tests, the bench). */
  tuneSettled(): Promise<void> {
    return this.tuned;
  }

  private keep(key: string, entry: Entry): void {
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    if (entry.bytes > this.options.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.drop(oldest, value);
      this.stats.evicted += 1;
    }
  }

  /** Bytes held in memory (tests, the bench). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private redisKey(key: string): string {
    return `${this.options.redisPrefix ?? "vitrine:"}page:${key}`;
  }

  private async fromRedis(ticket: PageTicket): Promise<Entry | undefined> {
    const redis = this.options.redis;
    if (redis?.status !== "ready") return undefined;
    try {
      const raw = await redis.getBuffer(this.redisKey(ticket.key));
      if (!raw) return undefined;
      const entry = decodeEntry(raw);
      if (!entry || !this.fresh(entry, ticket.version)) return undefined;
      this.keep(ticket.key, entry);
      return entry;
    } catch {
      // Redis away: this process renders the page itself.
      return undefined;
    }
  }

  /**
   * Answers the request from the cache when it can; false means: render it, and `known.pageTicket` then
   * holds the ticket read for it. A page kept in this process's memory is answered at once (a boolean,
   * no promise: most hits); a promise only when Redis or another request's render must be waited for.
   */
  serve(req: IncomingMessage, res: ServerResponse, known?: ServeNotes, requestId?: string): boolean | Promise<boolean> {
    const ticket = this.ticket(nodeFacts(req));
    if (!ticket) {
      if (this.serveThroughOutage(req, res, known, requestId)) return true;
      if (known) known.pageTicket = { url: req.url ?? "/", ticket: null };
      return false;
    }
    let stale = false;
    const entry = this.live(ticket.key, ticket.version, () => (stale = true));
    if (entry) return this.answer(req, res, ticket, entry, known, requestId);
    return this.serveFurther(req, res, ticket, stale, known, requestId);
  }

  /**
   * While the database is out of reach (decision 003), a page this process kept before it went away,
   * its tags as they were then, is served as it was, whatever its age, rather than the 503 page: nothing
   * it shows can change meanwhile. Marked `X-Cache: stale` and kept by nobody (`no-store`).
   */
  private serveThroughOutage(req: IncomingMessage, res: ServerResponse, known?: ServeNotes, requestId?: string) {
    const outage = this.options.version.outage?.();
    if (!outage) return false;
    const ticket = this.ticket(nodeFacts(req), outage.version);
    const entry = ticket ? this.entries.get(ticket.key) : undefined;
    if (!ticket || !entry || entry.version !== outage.version || !outage.tagsCurrent(entry.tags)) return false;
    this.stats.stale += 1;
    if (known) known.cache = "stale";
    return this.answer(req, res, ticket, entry, known, requestId, true);
  }

  /** A page not in this process's memory: from Redis, or from another request's render of it. */
  private async serveFurther(
    req: IncomingMessage,
    res: ServerResponse,
    first: PageTicket,
    stale: boolean,
    known?: ServeNotes,
    requestId?: string,
  ): Promise<boolean> {
    let ticket: PageTicket | null = first;
    let entry = await this.fromRedis(first);
    const running = this.rerendering.get(first.key);
    if (!entry && running) {
      // The same page is being rendered again for another request: its answer serves this one too.
      await Promise.race([running.done, new Promise((resolve) => setTimeout(resolve, COALESCE_WAIT_MS).unref())]);
      ticket = this.ticket(nodeFacts(req));
      entry = ticket ? this.live(ticket.key, ticket.version) : undefined;
      if (entry) this.stats.coalesced += 1;
    } else if (!entry && req.method === "GET" && (stale || !this.notKept.has(first.key))) {
      // This request renders it (a HEAD never fills the cache); it ends when the page is stored or the
      // answer is gone.
      let finish = () => {};
      const done = new Promise<void>((resolve) => (finish = resolve));
      const claim = { done, finish };
      this.rerendering.set(first.key, claim);
      const key = first.key;
      res.once("close", () => {
        if (this.rerendering.get(key) !== claim) return;
        // The answer is gone and nothing was kept: the next requests for this page render it themselves.
        this.rerendering.delete(key);
        this.notKept.delete(key);
        this.notKept.add(key);
        dropOldest(this.notKept, NOT_KEPT_KEYS);
        finish();
      });
    }
    if (!entry || !ticket) {
      this.stats.misses += 1;
      if (known) known.pageTicket = { url: req.url ?? "/", ticket: ticket ?? null };
      return false;
    }
    return this.answer(req, res, ticket, entry, known, requestId);
  }

  /**
   * Writes a kept page: its headers, then the body in the coding the client takes (304 when it has it).
   * The headers go in one `writeHead`: setting them one by one, each checked and stored, cost a sixth of
   * a cached answer (decision 076). `requestId` is sent unless the answer has one already.
   */
  private answer(
    req: IncomingMessage,
    res: ServerResponse,
    ticket: PageTicket,
    entry: Entry,
    known?: ServeNotes,
    requestId?: string,
    stale = false,
  ): true {
    if (!stale) this.stats.hits += 1;
    entry.answerHeaders ??= [
      ...entry.headers.flat(),
      ...Object.entries(this.cacheHeaders(entry.etag, ticket.personal)).flat(),
      "X-Cache",
      "hit",
    ];
    const headers = stale
      ? [
          ...entry.headers.flat(),
          ...Object.entries({ ...this.cacheHeaders(entry.etag), "Cache-Control": "no-store" }).flat(),
          "X-Cache",
          "stale",
        ]
      : entry.answerHeaders.slice();
    if (requestId !== undefined && !res.hasHeader("X-Request-Id")) headers.push("X-Request-Id", requestId);
    if (ifNoneMatch(req.headers["if-none-match"], entry.etag)) {
      res.writeHead(304, headers).end();
      return true;
    }
    const accept = String(req.headers["accept-encoding"] ?? "");
    let body: Buffer;
    if (acceptsEncoding(accept, "br")) {
      headers.push("Content-Encoding", "br");
      body = entry.br;
    } else if (acceptsEncoding(accept, "gzip")) {
      headers.push("Content-Encoding", "gzip");
      body = entry.gzip;
    } else {
      body = gunzipSync(entry.gzip);
    }
    headers.push("Content-Length", String(body.length));
    if (known) known.bytes = body.length;
    res.writeHead(200, headers);
    if (req.method === "HEAD") res.end();
    else {
      this.stats.servedBytes += body.length;
      res.end(body);
    }
    if (!stale) this.tune(ticket.key, entry);
    return true;
  }

  /**
   * Keeps a rendered page: compressed once, here and in Redis. `tags`: what it showed beyond the one
   * version (collected while it rendered); a tag that changed since the ticket means it is not kept.
   */
  async store(
    ticket: PageTicket,
    headers: Headers,
    body: string,
    etag = pageEtag(body),
    tags: Iterable<string> = [],
  ): Promise<void> {
    const versions = this.options.version.tagVersions(tags, ticket.tagMark);
    if (versions === null) return;
    const source = Buffer.from(body);
    // Rendered again after its data moved on (an expiry, a change elsewhere) into the same bytes: its
    // compression is reused as it was, tuned or not.
    const previous = this.previous.get(ticket.key);
    const same = previous?.etag === etag ? previous : undefined;
    const [next, br, gz] = await Promise.all([
      // Unknown (the database away): the page is not kept, rather than kept past a change.
      this.options.version.nextScheduled(ticket.at).catch(() => undefined),
      same?.br ??
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: STORE_BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
      same?.gzip ?? gzipAsync(source, { level: 9 }),
    ]);
    if (next === undefined) return;
    // Whatever it rendered into, the stale page's bodies have served their purpose.
    if (previous) this.previous.delete(ticket.key);
    if (same) this.stats.reused += 1;
    const kept: [string, string][] = [];
    headers.forEach((value, name) => {
      if (!NOT_STORED.has(name.toLowerCase())) kept.push([name, value]);
    });
    const entry: Entry = {
      version: ticket.version,
      tags: versions,
      etag,
      expiresAt: Math.min(Date.now() + this.options.ttlSeconds * 1000, next ?? Number.POSITIVE_INFINITY),
      headers: kept,
      br,
      gzip: gz,
      bytes: br.length + gz.length + 512,
      tuned: same?.tuned ?? false,
    };
    // Rendered from data that changed meanwhile: the version moved on, and the entry is of no use.
    if (!this.fresh(entry, this.options.version.current() ?? Number.NaN)) return;
    this.keep(ticket.key, entry);
    this.stats.stored += 1;
    this.notKept.delete(ticket.key);
    // Requests waiting for this render are served now (before Redis has it too).
    const running = this.rerendering.get(ticket.key);
    if (running) {
      this.rerendering.delete(ticket.key);
      running.finish();
    }
    const redis = this.options.redis;
    if (redis?.status === "ready") {
      await redis
        .set(this.redisKey(ticket.key), encodeEntry(entry), "PX", Math.max(1, entry.expiresAt - Date.now()))
        .catch(() => undefined);
    }
  }

  clear(): void {
    this.entries.clear();
    this.previous.clear();
    this.notKept.clear();
    this.bytes = 0;
  }
}

export function nodeFacts(req: IncomingMessage): RequestFacts {
  return {
    method: req.method ?? "GET",
    url: req.url ?? "/",
    host: String(req.headers.host ?? ""),
    cookie: String(req.headers.cookie ?? ""),
    requestedWith: String(req.headers["x-requested-with"] ?? ""),
  };
}

export function fetchFacts(request: Request): RequestFacts {
  const url = new URL(request.url);
  return {
    method: request.method,
    url: `${url.pathname}${url.search}`,
    host: request.headers.get("host") ?? url.host,
    cookie: request.headers.get("cookie") ?? "",
    requestedWith: request.headers.get("x-requested-with") ?? "",
  };
}

/** Redis value: 4 bytes of header length, the header as JSON, then the brotli and gzip bodies. */
function encodeEntry(entry: Entry): Buffer {
  const header = Buffer.from(
    JSON.stringify({
      version: entry.version,
      tags: entry.tags,
      etag: entry.etag,
      expiresAt: entry.expiresAt,
      headers: entry.headers,
      br: entry.br.length,
      tuned: entry.tuned,
    }),
  );
  const size = Buffer.alloc(4);
  size.writeUInt32BE(header.length);
  return Buffer.concat([size, header, entry.br, entry.gzip]);
}

function decodeEntry(raw: Buffer): Entry | null {
  try {
    const length = raw.readUInt32BE(0);
    const header = JSON.parse(raw.subarray(4, 4 + length).toString()) as Omit<Entry, "br" | "gzip" | "bytes"> & {
      br: number;
    };
    const start = 4 + length;
    const br = raw.subarray(start, start + header.br);
    const gz = raw.subarray(start + header.br);
    return { ...header, br, gzip: gz, bytes: br.length + gz.length + 512, tuned: header.tuned === true };
  } catch {
    return null;
  }
}
