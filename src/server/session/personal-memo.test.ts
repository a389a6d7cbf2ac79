import type { ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiClient } from "../../../tests/support/api";
import { simpleVariant } from "../../../tests/support/checkout";
import { createTestDatabase, type TestDatabase, useTestDatabase } from "../../../tests/support/db";
import { until } from "../../../tests/support/page-version";
import { hasRedisServer, redisForTests, startRedis, stopRedis } from "../../../tests/support/redis";
import { type PageVersionSource, postgresPageVersion, TagVersions } from "../page-cache/page-version";
import { registerPersonalMemo } from "./memo-registry";
import { MEMO_UNTIL_HEADER, PersonalMemo, type PersonalMemoOptions } from "./personal-memo";
import { SESSION_RENEWAL_SECONDS } from "./session";

/** The public version and tags, moved by hand as the database triggers move them. */
function versionSource() {
  const tags = new TagVersions();
  const state = { value: 1, mark: 0, tag: 0 };
  const source: PageVersionSource = {
    current: () => state.value,
    nextScheduled: async () => null,
    tagMark: () => state.mark,
    tagVersions: (names, mark) => tags.versions(names, mark),
    tagsCurrent: (recorded) => tags.current(recorded),
    close: async () => {},
  };
  const bump = (tag: string) => {
    state.mark += 1;
    state.tag += 1;
    tags.set(tag, state.tag, state.mark);
  };
  return { state, source, bump };
}

function memoWith(version: PageVersionSource, more: Partial<PersonalMemoOptions> = {}): PersonalMemo {
  return new PersonalMemo({
    ttlSeconds: 600,
    maxEntries: 100,
    version,
    sessionCookie: "vitrine_sid",
    variantCookies: ["vitrine_country"],
    decorate: (headers) => headers.set("X-Content-Type-Options", "nosniff"),
    ...more,
  });
}

/** The production server's step before Astro: the memo's answer, or 404 for "computed by the API". */
async function memoServer(memo: () => PersonalMemo): Promise<{ base: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    if (await memo().serve(req, res)) return;
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type Client = ReturnType<typeof apiClient>;

/** What her browser sends with each request (Node's fetch would send `*`). */
const BROWSER = { "Accept-Language": "fr-BE,fr;q=0.9" };

describe("a shopper's summary kept per session (decision 063)", () => {
  useTestDatabase("sqlite", { products: 8 });
  const version = versionSource();
  let memo = memoWith(version.source);
  let server: Awaited<ReturnType<typeof memoServer>>;
  beforeAll(async () => {
    server = await memoServer(() => memo);
  });
  afterAll(async () => {
    registerPersonalMemo(undefined);
    await server.close();
  });
  afterEach(() => {
    vi.useRealTimers();
    memo = memoWith(version.source);
    registerPersonalMemo(memo);
  });
  registerPersonalMemo(memo);

  /** Her summary as the API computes it (and keeps it). */
  const computed = async (client: Client, culture = "fr") => {
    const response = await client.call("GET", `/me/summary?culture=${culture}`, undefined, BROWSER);
    expect(response.status).toBe(200);
    expect(response.headers.has(MEMO_UNTIL_HEADER)).toBe(false);
    return response.json();
  };
  /** Her summary as the server answers it before the API: null when the API must compute it. */
  const kept = async (client: Client, culture = "fr", cookie = client.cookie) => {
    const response = await fetch(`${server.base}/api/v1/me/summary?culture=${culture}`, {
      headers: { ...BROWSER, Cookie: cookie },
    });
    if (response.status === 404) return null;
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.has(MEMO_UNTIL_HEADER)).toBe(false);
    // The request id is this request's (the server's), never the one the kept answer was made for.
    expect(response.headers.has("x-request-id")).toBe(false);
    return response.json();
  };
  const addToCart = async (client: Client, variantId: number, quantity = 1) =>
    expect(
      (await client.call("POST", "/catalog/products/addtocart", { ProductVariantId: variantId, Quantity: quantity }))
        .status,
    ).toBe(200);
  const signedIn = async (email: string, password: string, ip: string) => {
    const client = apiClient(ip);
    expect((await client.call("POST", "/security/login", { Email: email, Password: password })).status).toBe(200);
    return client;
  };

  it("answers her again with what the API answered, until her own write changes it", async () => {
    const shopper = apiClient("198.51.100.120");
    const variant = await simpleVariant(3);
    await addToCart(shopper, variant.id);
    const first = await computed(shopper);
    expect(first.Cart.ItemsCount).toBe(1);
    expect(await kept(shopper)).toEqual(first);
    await addToCart(shopper, variant.id, 2);
    expect(await kept(shopper)).toBeNull();
    expect((await computed(shopper)).Cart.ItemsCount).toBe(3);
    expect((await kept(shopper)).Cart.ItemsCount).toBe(3);
    // Another culture or another country is computed for it, not taken from this one.
    expect(await kept(shopper, "nl")).toBeNull();
    expect(await kept(shopper, "fr", `${shopper.cookie}; vitrine_country=NL`)).toBeNull();
  });

  it("never answers one session with another's summary, nor a forged or unknown cookie", async () => {
    const marie = await signedIn("marie@vitrine.test", "Vitrine-demo-1", "198.51.100.121");
    const jan = await signedIn("jan@vitrine.test", "Vitrine-demo-2", "198.51.100.122");
    const hers = await computed(marie);
    const his = await computed(jan);
    expect((await kept(marie)).Customer.FirstName).toBe("Marie");
    expect((await kept(jan)).Customer.FirstName).toBe("Jan");
    expect(hers).not.toEqual(his);
    expect(await kept(marie, "fr", "vitrine_sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).toBeNull();
    expect(await kept(marie, "fr", "")).toBeNull();
  });

  it("makes her summary again after a write of her account from another session, and after signing out", async () => {
    const phone = await signedIn("marie@vitrine.test", "Vitrine-demo-1", "198.51.100.123");
    const laptop = await signedIn("marie@vitrine.test", "Vitrine-demo-1", "198.51.100.124");
    const before = await computed(laptop);
    expect(await kept(laptop)).toEqual(before);
    const variant = await simpleVariant(2);
    const added = await phone.call("POST", "/catalog/wishlist/addproductvariant", {
      ProductVariantId: variant.id,
      Name: "Idées",
    });
    expect(added.status).toBe(200);
    expect(await kept(laptop)).toBeNull();
    expect((await computed(laptop)).Wishlist.Count).toBe(before.Wishlist.Count + 1);
    const cookie = laptop.cookie;
    expect(await kept(laptop)).not.toBeNull();
    expect((await laptop.call("POST", "/security/logout")).status).toBeLessThan(300);
    expect(await kept(laptop, "fr", cookie)).toBeNull();
  });

  it("follows public data (a price) and stops at the next minute for a cart with a coupon", async () => {
    const shopper = apiClient("198.51.100.125");
    const variant = await simpleVariant(4);
    await addToCart(shopper, variant.id);
    await computed(shopper);
    expect(await kept(shopper)).not.toBeNull();
    version.bump("lists");
    expect(await kept(shopper)).toBeNull();
    await computed(shopper);
    version.state.value += 1;
    expect(await kept(shopper)).toBeNull();

    expect(await (await shopper.call("POST", "/shoppingcarts/coupon", { CouponCode: "BIENVENUE10" })).json()).toBe(
      true,
    );
    vi.useFakeTimers({ toFake: ["Date"], now: Math.floor(Date.now() / 60_000) * 60_000 + 10_000 });
    await computed(shopper);
    expect(await kept(shopper)).not.toBeNull();
    vi.setSystemTime(Date.now() + 50_500);
    expect(await kept(shopper)).toBeNull();
  });

  it("holds no longer than her session goes without renewal", async () => {
    memo = memoWith(version.source, { ttlSeconds: 3600 });
    registerPersonalMemo(memo);
    const shopper = apiClient("198.51.100.126");
    await addToCart(shopper, (await simpleVariant(1)).id);
    const now = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now });
    await computed(shopper);
    vi.setSystemTime(now + SESSION_RENEWAL_SECONDS * 1000 - 5000);
    expect(await kept(shopper)).not.toBeNull();
    vi.setSystemTime(now + SESSION_RENEWAL_SECONDS * 1000 + 1000);
    expect(await kept(shopper)).toBeNull();
  });

  it("never keeps a summary older than a write that ran while it was computed (parallel requests)", async () => {
    const shopper = apiClient("198.51.100.127");
    const variant = await simpleVariant(30);
    await addToCart(shopper, variant.id);
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? addToCart(shopper, variant.id) : computed(shopper))),
    );
    const served = await kept(shopper);
    const fresh = await computed(shopper);
    expect(fresh.Cart.ItemsCount).toBe(5);
    if (served) expect(served).toEqual(fresh);
    expect(await kept(shopper)).toEqual(fresh);
  });
});

const url = await redisForTests();

describe("generations shared through Redis: several processes", () => {
  useTestDatabase("sqlite", { products: 4 });
  const version = versionSource();
  let redis: Redis;
  let one: PersonalMemo;
  let two: PersonalMemo;
  let server: Awaited<ReturnType<typeof memoServer>>;
  beforeAll(async () => {
    if (!url) return;
    redis = new Redis(url);
    const redisPrefix = `vitrine-test-${process.pid}-${Date.now()}:`;
    one = memoWith(version.source, { redis, redisPrefix });
    two = memoWith(version.source, { redis, redisPrefix });
    server = await memoServer(() => two);
  });
  afterAll(async () => {
    registerPersonalMemo(undefined);
    await server?.close();
    redis?.disconnect();
  });

  it.skipIf(!url)("a write answered by one process ends what another kept for her", async () => {
    const shopper = apiClient("198.51.100.128");
    const variant = await simpleVariant(3);
    registerPersonalMemo(two);
    await shopper.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 });
    const first = await (await shopper.call("GET", "/me/summary?culture=fr", undefined, BROWSER)).json();
    const fetchKept = () =>
      fetch(`${server.base}/api/v1/me/summary?culture=fr`, { headers: { ...BROWSER, Cookie: shopper.cookie } });
    expect(await (await fetchKept()).json()).toEqual(first);
    // The next write goes to the other process.
    registerPersonalMemo(one);
    await shopper.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 });
    expect((await fetchKept()).status).toBe(404);
  });
});

describe.skipIf(!hasRedisServer)("generations in a Redis that stops and comes back empty", () => {
  useTestDatabase("sqlite", { products: 4 });
  const port = 21000 + (process.pid % 20000);
  const version = versionSource();
  const errors: unknown[] = [];
  let redisProcess: ChildProcess;
  let redis: Redis;
  let memo: PersonalMemo;
  let server: Awaited<ReturnType<typeof memoServer>>;
  beforeAll(async () => {
    redisProcess = await startRedis(port);
    redis = new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: 0, retryStrategy: () => 50 });
    redis.on("error", () => {});
    await new Promise((resolve) => redis.once("ready", resolve));
    memo = memoWith(version.source, { redis, onError: (error) => errors.push(error) });
    server = await memoServer(() => memo);
  });
  afterAll(async () => {
    registerPersonalMemo(undefined);
    await server.close();
    redis.disconnect();
    if (redisProcess.exitCode === null) await stopRedis(redisProcess);
  });

  it.skipIf(!hasRedisServer)(
    "serves nothing while it is away, loses no write, and forgets what it kept when it is back",
    async () => {
      const shopper = apiClient("198.51.100.129");
      const variant = await simpleVariant(3);
      await shopper.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 });
      // Kept from here on: her generation in Redis is still 0.
      registerPersonalMemo(memo);
      const first = await (await shopper.call("GET", "/me/summary?culture=fr", undefined, BROWSER)).json();
      const kept = () =>
        fetch(`${server.base}/api/v1/me/summary?culture=fr`, { headers: { ...BROWSER, Cookie: shopper.cookie } });
      expect(await (await kept()).json()).toEqual(first);

      await stopRedis(redisProcess);
      expect((await kept()).status).toBe(404);
      // Her write goes through; its bump cannot reach Redis and is reported.
      const added = await shopper.call("POST", "/catalog/products/addtocart", {
        ProductVariantId: variant.id,
        Quantity: 1,
      });
      expect(added.status).toBe(200);
      expect(errors.length).toBeGreaterThan(0);

      // Back, and empty: her generation reads 0 again, as when the answer was kept; it must not serve.
      redisProcess = await startRedis(port);
      await new Promise((resolve) => redis.once("ready", resolve));
      expect((await kept()).status).toBe(404);
      const fresh = await (await shopper.call("GET", "/me/summary?culture=fr", undefined, BROWSER)).json();
      expect(fresh.Cart.ItemsCount).toBe(2);
      expect(await (await kept()).json()).toEqual(fresh);
    },
  );
});

describe("her summary while PostgreSQL's notifications are lost, on postgres", () => {
  let database: TestDatabase;
  let version: PageVersionSource;
  let memo: PersonalMemo;
  let server: Awaited<ReturnType<typeof memoServer>>;
  /** The notifications' own connections: terminated by name, the test's others left alone. */
  let listener: string;
  beforeAll(async () => {
    database = await createTestDatabase("postgres", { products: 4 });
    listener = `${database.applicationName}_notify`;
    const url = new URL(database.url);
    url.searchParams.set("application_name", listener);
    version = postgresPageVersion(url.toString(), () => {});
    await until(() => version.current() !== null);
    memo = memoWith(version);
    registerPersonalMemo(memo);
    server = await memoServer(() => memo);
  });
  afterAll(async () => {
    registerPersonalMemo(undefined);
    await server?.close();
    await version?.close();
    await database?.close();
  });

  const summary = async (client: Client) =>
    (await client.call("GET", "/me/summary?culture=fr", undefined, BROWSER)).json();
  const served = async (client: Client) => {
    const response = await fetch(`${server.base}/api/v1/me/summary?culture=fr`, {
      headers: { ...BROWSER, Cookie: client.cookie },
    });
    return response.status === 404 ? null : response.json();
  };

  it("serves nothing while they are away, and nothing a price changed meanwhile once they are back", async () => {
    const seen = apiClient("198.51.100.140");
    const away = apiClient("198.51.100.141");
    const variant = await simpleVariant(3);
    for (const shopper of [seen, away]) {
      await shopper.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 });
      expect(await served(shopper)).toBeNull();
      const first = await summary(shopper);
      expect(await served(shopper)).toEqual(first);
    }
    const before = (await summary(away)).Cart.AmountTaxInclHtml;

    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${listener}`.execute(
      database.handle.db,
    );
    await until(() => version.current() === null);
    // Public data unknown: her kept summary is not served, and none is kept.
    expect(await served(seen)).toBeNull();
    await summary(seen);
    expect(await served(seen)).toBeNull();
    // A new price while nobody hears of it.
    await sql`update prices set amount_tax_excl = amount_tax_excl + 10000 where variant_id = ${variant.id}`.execute(
      database.handle.db,
    );

    await until(() => version.current() !== null);
    // Back: what was kept before the change is not served; made again, it has the new price.
    expect(await served(away)).toBeNull();
    const after = await summary(away);
    expect(after.Cart.AmountTaxInclHtml).not.toBe(before);
    expect(await served(away)).toEqual(after);
  });
});
