import { createServer, get, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { redisForTests } from "../../../tests/support/redis";
import { type KnownTicket, PageCache, type PageCacheOptions, type RequestFacts } from "./page-cache";
import { type PageVersionSource, TagVersions } from "./page-version";
import { pageTicket } from "./publish";
import { registerPageCache } from "./registry";

/** A version and tags the test moves by hand, as the database triggers do. */
function versionSource(start = 1) {
  const tags = new TagVersions();
  const versions = new Map<string, number>();
  const state = {
    value: start as number | null,
    next: null as number | null,
    /** The version pages had when the database went out of reach (null: it is not). */
    away: null as number | null,
    mark: 0,
    bump(tag: string) {
      const version = (versions.get(tag) ?? 0) + 1;
      versions.set(tag, version);
      state.mark += 1;
      tags.set(tag, version, state.mark);
    },
  };
  const source: PageVersionSource = {
    current: () => state.value,
    nextScheduled: async () => state.next,
    tagMark: () => state.mark,
    tagVersions: (names, mark) => tags.versions(names, mark),
    tagsCurrent: (recorded) => tags.current(recorded),
    outage: () => (state.away === null ? null : { version: state.away, tagsCurrent: (kept) => tags.current(kept) }),
    close: async () => {},
  };
  return { state, source };
}

function options(overrides: Partial<PageCacheOptions> = {}): PageCacheOptions {
  return {
    ttlSeconds: 60,
    maxBytes: 1024 * 1024,
    version: versionSource().source,
    build: "build-1",
    prefixes: ["fr", "nl"],
    personalCookies: ["vitrine_flash"],
    sessionCookie: "vitrine_sid",
    scriptCookie: "vitrine_js",
    variantCookies: ["CookieConsent"],
    ...overrides,
  };
}

function facts(url: string, more: Partial<RequestFacts> = {}): RequestFacts {
  return { method: "GET", url, host: "shop.test", cookie: "", requestedWith: "", ...more };
}

/** A server whose only pages are the cache's: 404 "rendered" otherwise. */
async function serving(cache: PageCache): Promise<{ base: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    if (await cache.serve(req, res)) return;
    res.statusCode = 404;
    res.end("rendered");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const PAGE = `<!doctype html><title>Liste</title>${"<article>Robe en lin, 49,00 €</article>".repeat(200)}`;
const HEADERS = new Headers({ "Content-Type": "text/html", "Content-Security-Policy": "default-src 'self'" });

describe("which requests the page cache may answer", () => {
  const cache = new PageCache(options());

  it("takes GET and HEAD of a culture's pages only", () => {
    expect(cache.ticket(facts("/fr/c/robes"))).not.toBeNull();
    expect(cache.ticket(facts("/fr/c/robes", { method: "HEAD" }))).not.toBeNull();
    expect(cache.ticket(facts("/fr/c/robes", { method: "POST" }))).toBeNull();
    expect(cache.ticket(facts("/api/v1/settings/x"))).toBeNull();
    expect(cache.ticket(facts("/de/c/robes"))).toBeNull();
  });

  it("never answers a notice waiting, nor a shopper whose browser has not said it runs scripts", () => {
    expect(cache.ticket(facts("/fr/", { cookie: "vitrine_sid=abc" }))).toBeNull();
    expect(cache.ticket(facts("/fr/", { cookie: "a=b; vitrine_flash=%7B%7D" }))).toBeNull();
    expect(cache.ticket(facts("/fr/", { cookie: "vitrine_sid=abc; vitrine_js=1; vitrine_flash=%7B%7D" }))).toBeNull();
  });

  it("gives every shopper with a session one entry per page, apart from the visitors without one (decision 062)", () => {
    const ticket = (cookie: string) => cache.ticket(facts("/fr/c/robes", { cookie }));
    const marie = ticket("vitrine_sid=marie-session; vitrine_js=1");
    const jan = ticket("vitrine_js=1; vitrine_sid=jan-session");
    const anonymous = ticket("vitrine_js=1");
    expect(marie?.personal).toBe(true);
    expect(marie?.key).toBe(jan?.key);
    expect(anonymous?.personal).toBe(false);
    expect(anonymous?.key).not.toBe(marie?.key);
    expect(anonymous?.key).toBe(ticket("")?.key);
  });

  it("keeps cultures, queries, fragments and consent answers apart, whatever the order of the query", () => {
    const key = (url: string, more: Partial<RequestFacts> = {}) => cache.ticket(facts(url, more))?.key;
    expect(key("/fr/c/robes")).not.toBe(key("/nl/c/robes"));
    expect(key("/fr/c/robes?page=2")).not.toBe(key("/fr/c/robes"));
    expect(key("/fr/c/robes?page=2&sort=price")).toBe(key("/fr/c/robes?sort=price&page=2"));
    // A plain path skips the URL parser: an address it would normalize shares the plain one's entry.
    expect(key("/fr/c/./robes")).toBe(key("/fr/c/robes"));
    expect(key("/fr/c/robes?")).toBe(key("/fr/c/robes"));
    expect(key("/nl/x/../c/robes")).toBe(key("/nl/c/robes"));
    expect(key("//fr/c/robes")).toBeUndefined();
    expect(key("/fr/c/robes", { requestedWith: "fetch" })).not.toBe(key("/fr/c/robes"));
    expect(key("/fr/", { cookie: "CookieConsent=all" })).not.toBe(key("/fr/"));
    // A cookie no page reads (an analytics id) shares the page.
    expect(key("/fr/", { cookie: "_ga=GA1.2.3" })).toBe(key("/fr/"));
  });

  it("answers nothing while the version of the data is unknown", () => {
    const { state, source } = versionSource();
    const blind = new PageCache(options({ version: source }));
    state.value = null;
    expect(blind.ticket(facts("/fr/"))).toBeNull();
  });
});

describe("a page kept in this process's memory", () => {
  it("is answered at once, without a promise, with the same headers at every hit", async () => {
    const { source } = versionSource(1);
    const cache = new PageCache(options({ version: source }));
    const kinds: string[] = [];
    const server = createServer(async (req, res) => {
      const served = cache.serve(req, res);
      kinds.push(typeof served === "boolean" ? String(served) : "promise");
      if (served === true || (served !== false && (await served))) return;
      const ticket = cache.ticket(facts(req.url ?? "/", { host: String(req.headers.host) }));
      const headers = new Headers(HEADERS);
      headers.set("X-Astro-Route-Type", "page");
      if (ticket) await cache.store(ticket, headers, PAGE);
      res.end(PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const headersOf = (answer: Response) =>
      [...answer.headers].filter(([name]) => !["date", "keep-alive", "connection"].includes(name));
    try {
      // Not in memory yet: looked for further (Redis, a render in progress), so a promise.
      expect(await (await fetch(`${base}/fr/p/robe`)).text()).toBe(PAGE);
      const first = await fetch(`${base}/fr/p/robe`);
      expect(await first.text()).toBe(PAGE);
      const second = await fetch(`${base}/fr/p/robe`);
      expect(await second.text()).toBe(PAGE);
      expect(headersOf(second)).toEqual(headersOf(first));
      expect(first.headers.get("x-cache")).toBe("hit");
      expect(first.headers.get("content-security-policy")).toBe("default-src 'self'");
      expect(first.headers.get("etag")).toMatch(/^W\//);
      // Astro's internal mark is not the page's: never sent.
      expect(first.headers.has("x-astro-route-type")).toBe(false);
      // Never cacheable: told at once too.
      await fetch(`${base}/fr/p/robe`, { method: "POST" });
      expect(kinds).toEqual(["promise", "true", "true", "false"]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

/** A page whose best brotli is smaller than its first (PAGE repeats one line: both are the same size). */
const VARIED_PAGE = `<!doctype html><title>Liste</title>${Array.from(
  { length: 400 },
  (_, i) =>
    `<article><h2>Robe ${(i * 7919) % 1009} en lin ${["bleu", "rouge", "écru", "noir"][i % 4]}</h2>` +
    `<p>${(i * 31) % 97},${i % 100} € · réf. ${(i * 104729) % 99991}</p></article>`,
).join("")}`;

describe("a kept page's answer", () => {
  it("carries the request's id once and tells the bytes it sent, also once its brotli is tuned", async () => {
    const { source } = versionSource(1);
    const cache = new PageCache(options({ version: source }));
    const sent: (number | undefined)[] = [];
    let id = 0;
    const server = createServer(async (req, res) => {
      const requestId = `request-${++id}`;
      // As the server does for an answer it may not write at once: the id set first, never sent twice.
      if (req.headers["x-id-first"]) res.setHeader("X-Request-Id", requestId);
      const notes: { bytes?: number } = {};
      const served = cache.serve(req, res, notes, requestId);
      if (served === true || (served !== false && (await served))) {
        sent.push(notes.bytes);
        return;
      }
      const ticket = cache.ticket(facts(req.url ?? "/", { host: String(req.headers.host) }));
      if (ticket) await cache.store(ticket, HEADERS, VARIED_PAGE);
      res.end(VARIED_PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The bytes as sent (fetch would decompress them).
    const raw = (headers: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) =>
        get(`${base}/fr/p/robe`, { headers: { "Accept-Encoding": "br", ...headers } }, (answer) => {
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => chunks.push(chunk));
          answer.on("end", () =>
            resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) }),
          );
        }).on("error", reject),
      );
    try {
      await raw();
      const first = await raw();
      expect(first.headers["x-request-id"]).toBe("request-2");
      expect(Number(first.headers["content-length"])).toBe(first.body.length);
      expect(brotliDecompressSync(first.body).toString()).toBe(VARIED_PAGE);
      const again = await raw({ "X-Id-First": "1" });
      expect(again.headers["x-request-id"]).toBe("request-3");
      // Served twice: compressed again at its best, smaller; the length follows the new body.
      await cache.tuneSettled();
      const tuned = await raw();
      expect(tuned.body.length).toBeLessThan(first.body.length);
      expect(Number(tuned.headers["content-length"])).toBe(tuned.body.length);
      expect(brotliDecompressSync(tuned.body).toString()).toBe(VARIED_PAGE);
      expect(sent).toEqual([first.body.length, first.body.length, tuned.body.length]);
      const unchanged = await raw({ "If-None-Match": String(tuned.headers.etag) });
      expect(unchanged.status).toBe(304);
      expect(unchanged.headers["x-request-id"]).toBe("request-5");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("a page the cache does not answer", () => {
  it("leaves the ticket it read to the page's render, which reads it again only for another address", async () => {
    const { state, source } = versionSource(4);
    const cache = new PageCache(options({ version: source }));
    const server = createServer(async (req, res) => {
      const notes: { pageTicket?: KnownTicket } = {};
      if (await cache.serve(req, res, notes)) return;
      res.end(JSON.stringify(notes.pageTicket));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const known: KnownTicket = await (await fetch(`${base}/fr/c/robes?page=2`)).json();
      expect(known.url).toBe("/fr/c/robes?page=2");
      expect(known.ticket?.key).toBe(cache.ticket(facts("/fr/c/robes?page=2", { host: new URL(base).host }))?.key);
      expect(known.ticket?.version).toBe(4);
      expect(await (await fetch(`${base}/fr/c/robes`, { method: "POST" })).json()).toEqual({
        url: "/fr/c/robes",
        ticket: null,
      });

      registerPageCache(cache);
      const request = new Request(`${base}/fr/c/robes?page=2`);
      // The version moved since: a ticket read again would say so; the one read first is what the render uses.
      state.value = 5;
      expect(pageTicket(request, new URL(request.url), known)?.ticket).toEqual(known.ticket);
      const other = new Request(`${base}/fr/c/robes?page=3`);
      expect(pageTicket(other, new URL(other.url), known)?.ticket.version).toBe(5);
      expect(pageTicket(request, new URL(request.url), { url: known.url, ticket: null })).toBeNull();
    } finally {
      registerPageCache(undefined);
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("a page rendered under load", () => {
  it("is rendered once for the requests that arrive while it renders, first or again, not once each", async () => {
    const { state, source } = versionSource(1);
    const cache = new PageCache(options({ version: source }));
    let renders = 0;
    let rendering = 0;
    let together = 0;
    const server: Server = createServer(async (req, res) => {
      if (await cache.serve(req, res)) return;
      renders += 1;
      rendering += 1;
      together = Math.max(together, rendering);
      const ticket = cache.ticket(facts(req.url ?? "/", { host: String(req.headers.host) }));
      await new Promise((resolve) => setTimeout(resolve, 150));
      rendering -= 1;
      // The sign-in page is never kept (it is not public), nor is a HEAD's answer (as publishPage does).
      if (ticket && req.method === "GET" && !req.url?.includes("login")) await cache.store(ticket, HEADERS, PAGE);
      res.setHeader("X-Cache", "miss");
      res.end(PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const burst = (path: string, count: number) =>
      Promise.all(
        Array.from({ length: count }, async (_, i) => {
          await new Promise((resolve) => setTimeout(resolve, i * 10));
          const answer = await fetch(`${base}${path}`);
          return { cache: answer.headers.get("x-cache"), body: await answer.text() };
        }),
      );
    try {
      // A HEAD never fills the cache, so it does not make the GETs behind it wait for nothing.
      expect((await fetch(`${base}/fr/p/robe`, { method: "HEAD" })).status).toBe(200);
      expect(renders).toBe(1);
      renders = 0;
      // A page no request has asked for yet: rendered once for the five (decision 080).
      const first = await burst("/fr/p/robe", 5);
      expect(renders).toBe(1);
      expect(first.filter((a) => a.cache === "hit")).toHaveLength(4);
      expect(first.every((a) => a.body === PAGE)).toBe(true);
      expect(cache.stats.coalesced).toBe(4);
      expect((await fetch(`${base}/fr/p/robe`)).headers.get("x-cache")).toBe("hit");
      state.value = 2;
      const answers = await burst("/fr/p/robe", 5);
      expect(renders).toBe(2);
      expect(answers.filter((a) => a.cache === "hit")).toHaveLength(4);
      expect(answers.every((a) => a.body === PAGE)).toBe(true);
      expect(cache.stats.coalesced).toBe(8);
      // A page whose render was not kept is waited for once, then never: each request renders it, at once.
      await fetch(`${base}/fr/security/login`);
      const before = renders;
      together = 0;
      await Promise.all(Array.from({ length: 3 }, () => fetch(`${base}/fr/security/login`)));
      expect(renders).toBe(before + 3);
      expect(together).toBeGreaterThanOrEqual(2);
      expect(cache.stats.coalesced).toBe(8);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("serving a kept page", () => {
  const { state, source } = versionSource(7);
  const cache = new PageCache(options({ version: source }));
  let server: Awaited<ReturnType<typeof serving>>;

  beforeAll(async () => {
    server = await serving(cache);
  });
  afterAll(() => server.close());

  async function keep(url: string, body = PAGE): Promise<void> {
    const ticket = cache.ticket(facts(url, { host: new URL(server.base).host }));
    if (!ticket) throw new Error("no ticket");
    await cache.store(ticket, HEADERS, body);
  }

  it("sends the page compressed once, brotli or gzip, or plain, with its validators", async () => {
    await keep("/fr/c/robes");
    for (const [accept, encoding, decode] of [
      ["br, gzip", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
      ["identity", null, (b: Buffer) => b],
    ] as const) {
      const response = await fetch(`${server.base}/fr/c/robes`, { headers: { "Accept-Encoding": accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get("x-cache")).toBe("hit");
      expect(response.headers.get("content-security-policy")).toBe("default-src 'self'");
      expect(response.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=60/);
      expect(response.headers.get("etag")).toMatch(/^W\/".+"$/);
      // fetch decodes what it announces: compare the text, and the size sent.
      expect(await response.text()).toBe(PAGE);
      if (encoding) {
        const raw = await rawBody(`${server.base}/fr/c/robes`, accept);
        expect(raw.encoding).toBe(encoding);
        expect(decode(raw.body).toString()).toBe(PAGE);
        expect(raw.body.length).toBeLessThan(PAGE.length / 10);
      }
    }
  });

  it("answers 304 to a browser that has the same page", async () => {
    await keep("/fr/c/robes");
    const first = await fetch(`${server.base}/fr/c/robes`);
    const etag = first.headers.get("etag") ?? "";
    const again = await fetch(`${server.base}/fr/c/robes`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const other = await fetch(`${server.base}/fr/c/robes`, { headers: { "If-None-Match": 'W/"old"' } });
    expect(other.status).toBe(200);
  });

  it("stops serving a page the moment the data it was made from changes", async () => {
    await keep("/fr/p/robe");
    expect((await fetch(`${server.base}/fr/p/robe`)).headers.get("x-cache")).toBe("hit");
    state.value = 8;
    const after = await fetch(`${server.base}/fr/p/robe`);
    expect(after.status).toBe(404);
    expect(await after.text()).toBe("rendered");
  });

  it("does not keep a page rendered from data that changed while it rendered", async () => {
    state.value = 9;
    const ticket = cache.ticket(facts("/fr/p/late", { host: new URL(server.base).host }));
    state.value = 10;
    if (!ticket) throw new Error("no ticket");
    const stored = cache.stats.stored;
    const { entries } = cache.size;
    await cache.store(ticket, HEADERS, PAGE);
    expect(cache.stats.stored).toBe(stored);
    expect(cache.size.entries).toBe(entries);
    expect((await fetch(`${server.base}/fr/p/late`)).status).toBe(404);
  });

  it("serves a page no longer than the next scheduled change after it was rendered (a banner's end)", async () => {
    // The clock is the test's: on a busy machine, rendering and storing could outlast a real 300 ms.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      state.next = Date.now() + 300;
      await keep("/fr/pages/vente-flash");
      state.next = null;
      expect((await fetch(`${server.base}/fr/pages/vente-flash`)).headers.get("x-cache")).toBe("hit");
      vi.setSystemTime(Date.now() + 299);
      expect((await fetch(`${server.base}/fr/pages/vente-flash`)).headers.get("x-cache")).toBe("hit");
      vi.setSystemTime(Date.now() + 1);
      expect((await fetch(`${server.base}/fr/pages/vente-flash`)).status).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });

  it("never serves a visitor with a session the page of visitors without one, even the same address", async () => {
    await keep("/fr/c/robes");
    const signedIn = await fetch(`${server.base}/fr/c/robes`, { headers: { Cookie: "vitrine_sid=abc" } });
    expect(signedIn.status).toBe(404);
    const withScripts = await fetch(`${server.base}/fr/c/robes`, {
      headers: { Cookie: "vitrine_sid=abc; vitrine_js=1" },
    });
    expect(withScripts.status).toBe(404);
  });

  it("serves shoppers with a session their shared page for their browser only, never for a shared cache", async () => {
    const host = new URL(server.base).host;
    const ticket = cache.ticket(facts("/fr/c/jupes", { host, cookie: "vitrine_sid=first; vitrine_js=1" }));
    if (!ticket) throw new Error("no ticket");
    await cache.store(ticket, HEADERS, PAGE);
    const other = await fetch(`${server.base}/fr/c/jupes`, { headers: { Cookie: "vitrine_sid=second; vitrine_js=1" } });
    expect(other.status).toBe(200);
    expect(other.headers.get("cache-control")).toBe("private, max-age=0, must-revalidate");
    expect(other.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    const anonymous = await fetch(`${server.base}/fr/c/jupes`);
    expect(anonymous.status).toBe(404);
  });
});

describe("pages through a database outage (decision 003)", () => {
  const { state, source } = versionSource(30);
  const cache = new PageCache(options({ version: source, ttlSeconds: 1 }));
  let server: Awaited<ReturnType<typeof serving>>;
  beforeAll(async () => {
    server = await serving(cache);
  });
  afterAll(() => server.close());
  const keep = async (path: string, tags: string[] = []) => {
    const ticket = cache.ticket(facts(path, { host: new URL(server.base).host }));
    if (!ticket) throw new Error("no ticket");
    await cache.store(ticket, HEADERS, PAGE, undefined, tags);
  };

  it("serves a page kept before the database went away, past its age, marked stale and kept by nobody", async () => {
    await keep("/fr/c/lin", ["product:1"]);
    await keep("/fr/p/robe-lin", ["product:2"]);
    // A sale of the dress moved its tag before the outage: its page is out of date, whatever happens next.
    state.bump("product:2");
    state.value = null;
    // The notifications lost, the database still there (a failover, a terminated connection): nothing.
    expect((await fetch(`${server.base}/fr/c/lin`)).status).toBe(404);
    state.away = 30;
    // Past the page's second of life: an outage may last.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const list = await fetch(`${server.base}/fr/c/lin`);
    expect(list.status).toBe(200);
    expect(await list.text()).toBe(PAGE);
    expect(list.headers.get("x-cache")).toBe("stale");
    expect(list.headers.get("cache-control")).toBe("no-store");
    expect(list.headers.get("content-security-policy")).toBe("default-src 'self'");
    expect(cache.stats.stale).toBe(1);
    // Not the dress (its tag moved), nor a page never kept, nor one with a session's cookie of its own.
    expect((await fetch(`${server.base}/fr/p/robe-lin`)).status).toBe(404);
    expect((await fetch(`${server.base}/fr/c/laine`)).status).toBe(404);
    expect((await fetch(`${server.base}/fr/c/lin`, { headers: { Cookie: "vitrine_sid=abc" } })).status).toBe(404);
    // Pages kept at another version than the one the database had when it went away: not served.
    state.away = 31;
    expect((await fetch(`${server.base}/fr/c/lin`)).status).toBe(404);
    expect(cache.stats.stale).toBe(1);
  });
});

/**
 * A page where brotli's best quality pays: varied names and numbers, as a list page's (at quality 7
 * about 12 % larger than at quality 11).
 */
const VARIED = `<!doctype html><title>Catalogue</title>${Array.from(
  { length: 300 },
  (_, i) =>
    `<article data-id="${(i * 7919) % 10007}"><a href="/fr/p/${((i * 104729) % 65521).toString(36)}">${["Robe", "Veste", "Jupe", "Pull"][i % 4]} ${["lin", "laine", "coton"][i % 3]} n° ${i}</a><span>${((i * 37) % 200) + 9},${(i * 13) % 100} €</span></article>`,
).join("")}`;

describe("a page's best brotli (decision 069)", () => {
  const { state, source } = versionSource(20);
  const cache = new PageCache(options({ version: source }));
  let server: Awaited<ReturnType<typeof serving>>;
  beforeAll(async () => {
    server = await serving(cache);
  });
  afterAll(() => server.close());
  const keep = async (url: string, body: string) =>
    cache.store(cache.ticket(facts(url, { host: new URL(server.base).host })) as never, HEADERS, body);

  it("compresses a page served again at quality 11 after the answer, once, and sends the same page smaller", async () => {
    await keep("/fr/c/tout", VARIED);
    const first = await rawBody(`${server.base}/fr/c/tout`, "br");
    await cache.tuneSettled();
    const tuned = cache.stats.tuned;
    expect(tuned).toBe(1);
    const second = await rawBody(`${server.base}/fr/c/tout`, "br");
    expect(brotliDecompressSync(second.body).toString()).toBe(VARIED);
    expect(second.body.length).toBeLessThan(first.body.length * 0.95);
    await rawBody(`${server.base}/fr/c/tout`, "br");
    await cache.tuneSettled();
    expect(cache.stats.tuned).toBe(tuned);
  });

  it("reuses a stale page's compression when its next render makes the same bytes, and only then", async () => {
    await keep("/fr/c/encore", VARIED);
    await rawBody(`${server.base}/fr/c/encore`, "br");
    await cache.tuneSettled();
    const tuned = (await rawBody(`${server.base}/fr/c/encore`, "br")).body;
    const { reused, tuned: tunings } = cache.stats;
    // The data moves on; the page is rendered again into the same bytes.
    state.value = 21;
    expect((await fetch(`${server.base}/fr/c/encore`)).status).toBe(404);
    await keep("/fr/c/encore", VARIED);
    expect(cache.stats.reused).toBe(reused + 1);
    const again = await rawBody(`${server.base}/fr/c/encore`, "br");
    expect(again.body.equals(tuned)).toBe(true);
    await cache.tuneSettled();
    expect(cache.stats.tuned).toBe(tunings);
    // Moved on again, into other bytes: compressed anew, and never the old page.
    state.value = 22;
    expect((await fetch(`${server.base}/fr/c/encore`)).status).toBe(404);
    const changed = VARIED.replace("Robe", "Manteau");
    await keep("/fr/c/encore", changed);
    expect(cache.stats.reused).toBe(reused + 1);
    expect(await (await fetch(`${server.base}/fr/c/encore`)).text()).toBe(changed);
  });
});

describe("the memory the page cache holds", () => {
  it("stays under its byte cap, dropping the least recently used pages", async () => {
    const cache = new PageCache(options({ maxBytes: 12_000 }));
    // Pages that do not compress: about 3 KB each in both encodings.
    const noise = (seed: number) =>
      Array.from({ length: 1500 }, (_, i) => ((i * 7919 + seed * 104729) % 65521).toString(36)).join("");
    for (let page = 0; page < 6; page += 1) {
      const ticket = cache.ticket(facts(`/fr/p/${page}`));
      if (!ticket) throw new Error("no ticket");
      await cache.store(ticket, HEADERS, noise(page));
    }
    expect(cache.size.bytes).toBeLessThanOrEqual(12_000);
    expect(cache.size.entries).toBeLessThan(6);
    expect(cache.stats.evicted).toBeGreaterThan(0);
  });
});

/** The body as sent, not decoded (fetch decodes what it announces). */
async function rawBody(
  url: string,
  accept: string,
  headers: Record<string, string> = {},
): Promise<{ encoding: string | null; body: Buffer }> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    request(url, { headers: { "Accept-Encoding": accept, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ encoding: (res.headers["content-encoding"] as string) ?? null, body: Buffer.concat(chunks) }),
      );
    })
      .on("error", reject)
      .end();
  });
}

const redisUrl = await redisForTests();

describe.skipIf(!redisUrl)("pages shared through Redis", () => {
  const build = `build-${Date.now()}`;
  const connections: Redis[] = [];
  const connect = () => {
    const redis = new Redis(redisUrl as string, { maxRetriesPerRequest: 0 });
    connections.push(redis);
    return redis;
  };
  afterAll(async () => {
    const [redis] = connections;
    const keys = await redis?.keys("vitrine:page:*");
    if (redis && keys?.length) await redis.del(...keys);
    for (const redis of connections) redis.disconnect();
  });

  it("lets a second process serve what the first rendered, only at the same version", async () => {
    const { state, source } = versionSource(3);
    const first = new PageCache(options({ version: source, build, redis: connect() }));
    const second = new PageCache(options({ version: source, build, redis: connect() }));
    const server = await serving(second);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const host = new URL(server.base).host;
      const ticket = first.ticket(facts("/fr/c/robes", { host }));
      if (!ticket) throw new Error("no ticket");
      await first.store(ticket, HEADERS, PAGE);
      const shared = await fetch(`${server.base}/fr/c/robes`);
      expect(shared.headers.get("x-cache")).toBe("hit");
      expect(await shared.text()).toBe(PAGE);

      await first.store(first.ticket(facts("/fr/c/jupes", { host })) as never, HEADERS, PAGE);
      state.value = 4;
      expect((await fetch(`${server.base}/fr/c/jupes`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it("keeps a page while other products sell, here and in another process; drops it when one of its own does", async () => {
    const { state, source } = versionSource(3);
    const first = new PageCache(options({ version: source, build, redis: connect() }));
    const second = new PageCache(options({ version: source, build, redis: connect() }));
    const server = await serving(second);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const host = new URL(server.base).host;
      const keep = async (url: string, tags: string[]) =>
        first.store(first.ticket(facts(url, { host })) as never, HEADERS, PAGE, undefined, tags);
      await keep("/fr/p/robe", ["product:1"]);
      await keep("/fr/c/robes", ["lists", "product:1", "product:2"]);
      await keep("/fr/p/veste", ["product:3"]);
      // An order of product 3 (its stock moved, nothing left the lists).
      state.bump("product:3");
      expect((await fetch(`${server.base}/fr/p/robe`)).headers.get("x-cache")).toBe("hit");
      expect((await fetch(`${server.base}/fr/c/robes`)).headers.get("x-cache")).toBe("hit");
      expect((await fetch(`${server.base}/fr/p/veste`)).status).toBe(404);
      // Product 2 sells: its list goes, its neighbour's page stays.
      state.bump("product:2");
      expect((await fetch(`${server.base}/fr/c/robes`)).status).toBe(404);
      expect((await fetch(`${server.base}/fr/p/robe`)).headers.get("x-cache")).toBe("hit");
      // A page rendered while one of its tags changed is not kept: it may show the stock from before.
      const ticket = first.ticket(facts("/fr/p/robe-2", { host }));
      state.bump("product:1");
      await first.store(ticket as never, HEADERS, PAGE, undefined, ["product:1"]);
      expect((await fetch(`${server.base}/fr/p/robe-2`)).status).toBe(404);
      expect((await fetch(`${server.base}/fr/p/robe`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it("gives another process the page's best brotli once one has made it", async () => {
    const { source } = versionSource(5);
    const first = new PageCache(options({ version: source, build, redis: connect() }));
    const second = new PageCache(options({ version: source, build, redis: connect() }));
    const one = await serving(first);
    const two = await serving(second);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const host = new URL(one.base).host;
      await first.store(first.ticket(facts("/fr/c/tout", { host })) as never, HEADERS, VARIED);
      const before = await rawBody(`${one.base}/fr/c/tout`, "br");
      await first.tuneSettled();
      // The second process has never served it: it reads the tuned entry from Redis, and does not tune it.
      const shared = await rawBody(`${two.base}/fr/c/tout`, "br", { Host: host });
      expect(brotliDecompressSync(shared.body).toString()).toBe(VARIED);
      expect(shared.body.length).toBeLessThan(before.body.length * 0.95);
      await second.tuneSettled();
      expect(second.stats.tuned).toBe(0);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it("renders for itself while Redis is away", async () => {
    const away = new Redis("redis://127.0.0.1:1", { maxRetriesPerRequest: 0, lazyConnect: true });
    away.on("error", () => {});
    const cache = new PageCache(options({ redis: away }));
    const ticket = cache.ticket(facts("/fr/c/robes"));
    if (!ticket) throw new Error("no ticket");
    await cache.store(ticket, HEADERS, PAGE);
    expect(cache.size.entries).toBe(1);
    away.disconnect();
  });
});
