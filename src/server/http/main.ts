// First: V8 settings that must hold before anything else runs (decision 080).
import "../v8-flags";
import { readdirSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { resolve } from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import { startUploadSweeper } from "~/features/assets/assets.server";
import { POPUP_MEMORY_COOKIE } from "~/features/banners/banners";
import { startCartSweeper } from "~/features/cart/cart-sweeper.server";
import { startSaleSweeper } from "~/features/catalog/sales.server";
import { CONSENT_COOKIE_NAME } from "~/features/consent/consent";
import { startWebhookSender, webhooksSettled } from "~/features/integration/webhooks.server";
import { startRetentionSweeper } from "~/features/orders/personal-data.server";
import { startUnpaidOrderSweeper } from "~/features/orders/unpaid-orders.server";
import { notificationsSettled, startNotificationSweeper } from "~/features/payment/notifications.server";
import { SCRIPT_COOKIE } from "~/layouts/head-script";
import { CULTURES, isCulture } from "~/lib/culture";
import { COOKIE_LAW_COOKIE_NAME } from "~/shell/constants";
import { backgroundSettled } from "../background";
import { EnvError, env } from "../config/env";
import { database, sqlitePath } from "../db/client";
import { ensureDatabaseReady, logToProcess } from "../db/ready";
import { startStatisticsSweeper } from "../db/statistics";
import { outboxState, startOutbox, stopOutbox } from "../mail/outbox";
import { flushLog, log } from "../observability/log";
import {
  collectProcessMetrics,
  pageCacheMetrics,
  personalMemoMetrics,
  registerOutboxGauges,
  registerPoolGauge,
} from "../observability/metrics";
import { PageCache } from "../page-cache/page-cache";
import { type PageVersionSource, postgresPageVersion, sqlitePageVersion } from "../page-cache/page-version";
import { registerPageCache, registerPublicVersion } from "../page-cache/registry";
import { sharedRedis } from "../redis";
import { COUNTRY_COOKIE } from "../session/country-preference";
import { registerPersonalMemo } from "../session/memo-registry";
import { PersonalMemo } from "../session/personal-memo";
import { SESSION_COOKIE } from "../session/session";
import type { PageHandler } from "./astro-entry";
import { pinClientAddress } from "./client-ip";
import { FLASH_COOKIE } from "./flash";
import {
  isOperationsRequest,
  observeRequest,
  type Readiness,
  type RequestNotes,
  requestIdOf,
  serveOperations,
} from "./operations";
import { applySecurityHeaders, registerInlineScripts } from "./security";
import { mayBeStaticFile, serveStatic } from "./static";

/** The `compression` package's own default: pages compress about as fast as with gzip, and smaller. */
const DYNAMIC_BROTLI_QUALITY = 4;
/**
 * A 256 KB window (brotli's default is 4 MB). The encoder sizes its buffers from the window, and a new
 * encoder is made for every answer: with the default, making and clearing those megabytes cost more than
 * compressing a 100 KB page, and a browser asking for brotli got about 55 % of the rendered pages per
 * second one asking for gzip got (decision 053).
 * Our pages are smaller than the window, so they compress to the same bytes.
 */
const DYNAMIC_BROTLI_WINDOW_BITS = 18;

/**
 * Production server: validated settings, a migrated and seeded database, then Astro's handler
 * behind on-the-fly compression for HTML and JSON, with precompressed static files in front.
 */
async function main(): Promise<void> {
  // React and other libraries pick their development builds (several times slower) without it.
  process.env.NODE_ENV ??= "production";
  let settings: ReturnType<typeof env>;
  try {
    settings = env();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // A promise nobody awaited failed: logged, and the process goes on answering (Node would exit). The
  // Node adapter's handler did this before ours replaced it (decision 074).
  process.on("unhandledRejection", (reason) => log().error({ err: reason }, "unhandled rejection"));
  await ensureDatabaseReady(logToProcess);
  // `node dist/main.mjs migrate`: the database step alone (compose's one-shot migration), then exit.
  if (process.argv[2] === "migrate") {
    await database().db.destroy();
    log().info("database ready");
    await flushLog();
    process.exit(0);
  }
  // EU law (the e-commerce directive) asks an online shop to show its postal address; the footer shows none.
  if (!settings.shopAddress) log().warn("SHOP_ADDRESS is unset: the footer shows no postal address (configuration.md)");
  if (settings.paymentProvider === "none")
    log().warn(
      "PAYMENT_PROVIDER is none: the checkout takes only orders prepaid credit pays in full (configuration.md)",
    );
  const stops: (() => void)[] = [];
  // Orders left unpaid give their units back after UNPAID_ORDER_MINUTES (each process may sweep).
  if (settings.UNPAID_ORDER_MINUTES > 0) stops.push(startUnpaidOrderSweeper(settings.UNPAID_ORDER_MINUTES));
  // Expired sessions and the carts of visitors who are gone.
  stops.push(startCartSweeper());
  // Uploads nobody cropped or saved within the hour, with their files.
  stops.push(startUploadSweeper());
  // Payment notifications stored and answered but not processed (the provider's API was down, a process died).
  stops.push(startNotificationSweeper());
  // The merchant's webhooks: deliveries queued with their events, sent in order per webhook.
  stops.push(startWebhookSender());
  // Sales whose end has come give the regular prices back (every minute).
  stops.push(startSaleSweeper());
  // The orders of closed accounts past ORDER_RETENTION_YEARS lose their buyer's name and addresses (daily).
  stops.push(startRetentionSweeper());
  // SQLite: the query planner's statistics, at start and hourly (PostgreSQL's autovacuum keeps its own).
  stops.push(startStatisticsSweeper());
  // Mails waiting in the outbox, every OUTBOX_INTERVAL_MS (each process claims its own).
  startOutbox();

  const dist = resolve(process.env.VITRINE_DIST ?? "dist");
  const clientRoot = resolve(dist, "client");
  const { handler } = (await import(pathToFileURL(resolve(dist, "server/entry.mjs")).href)) as {
    handler: PageHandler;
  };
  const build = await registerFrameworkScripts(resolve(dist, "server"));
  const compress = compression({
    threshold: 1024,
    brotli: {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
        [zlibConstants.BROTLI_PARAM_LGWIN]: DYNAMIC_BROTLI_WINDOW_BITS,
      },
    },
  });
  // The version of public data: the page cache's key and the memos of the data pages are made of.
  const version =
    settings.databaseKind === "postgres"
      ? postgresPageVersion(settings.DATABASE_URL)
      : sqlitePageVersion(sqlitePath(settings.DATABASE_URL));
  registerPublicVersion(version);
  const pageCache = settings.PAGE_CACHE_SECONDS > 0 ? startPageCache(settings, build, version) : undefined;
  registerPageCache(pageCache);
  const memo = settings.PERSONAL_MEMO_SECONDS > 0 ? startPersonalMemo(settings, version) : undefined;
  registerPersonalMemo(memo);

  collectProcessMetrics();
  const poolStats = database().poolStats;
  if (poolStats) registerPoolGauge(poolStats);
  registerOutboxGauges(outboxState);
  const redis = settings.REDIS_URL ? sharedRedis(settings.REDIS_URL) : undefined;
  const readiness: Readiness = {
    draining: false,
    ...(redis ? { redis: () => redis.ping() } : {}),
    ...(settings.databaseKind === "postgres" && pageCache
      ? { pageCacheVersionKnown: () => version.current() !== null }
      : {}),
  };
  const cacheMetrics = pageCacheMetrics(() => pageCache?.stats);

  /**
   * Every request but a page kept in this process's memory: operations, static files, her summary, a
   * page from Redis or another request's render (`kept`, when the cache was asked already), then Astro.
   */
  const serveFurther = async (
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    notes: RequestNotes,
    kept?: boolean | Promise<boolean>,
  ): Promise<void> => {
    if (kept === undefined && isOperationsRequest(req)) {
      try {
        if (await serveOperations(req, res, readiness)) return;
      } catch (error) {
        log().error({ err: error, requestId: id }, "operations endpoint error");
        if (!res.headersSent) res.statusCode = 500;
        res.end();
        return;
      }
    }
    if (kept === undefined && mayBeStaticFile(req)) {
      try {
        if (await serveStatic(clientRoot, req, res)) {
          notes.route = "static";
          return;
        }
      } catch (error) {
        log().error({ err: error, requestId: id }, "static file error");
      }
    }
    try {
      if (memo && (req.url ?? "").startsWith("/api/") && (await memo.serve(req, res))) {
        notes.route = "personal-memo";
        notes.cache = "hit";
        return;
      }
    } catch (error) {
      log().error({ err: error, requestId: id }, "personal memo error");
    }
    try {
      // Asked here when an operations or static address was not one after all (a sitemap's .xml).
      if (await (kept ?? pageCache?.serve(req, res, notes))) {
        notes.route = "page-cache";
        notes.cache ??= "hit";
        return;
      }
    } catch (error) {
      log().error({ err: error, requestId: id }, "page cache error");
    }
    if (pageCache && req.method === "GET" && !(req.url ?? "").startsWith("/api/")) {
      notes.cache = "miss";
      cacheMetrics.requests.inc({ result: "miss" });
    }
    compress(req as never, res as never, () => {
      let notFoundPage = false;
      const next = (error?: unknown) => {
        // No route under a culture (/fr/an-old-link): the shop's own 404 page, in that culture, not
        // an empty answer. Astro hands unmatched addresses back in middleware mode.
        const culture = (req.url ?? "").split(/[/?#]/)[1] ?? "";
        if (!error && !notFoundPage && !res.headersSent && isReadMethod(req.method) && isCulture(culture)) {
          notFoundPage = true;
          req.url = "/404";
          notes.culture = culture;
          void handler(req, res, next, notes);
          return;
        }
        if (error) log().error({ err: error, requestId: id }, "unhandled request error");
        if (!res.headersSent) res.statusCode = error ? 500 : 404;
        res.end();
      };
      void handler(req, res, next, notes);
    });
  };

  const server = createServer((req, res) => {
    pinClientAddress(req, settings.TRUST_PROXY);
    const id = requestIdOf(req);
    // Astro's middleware reads it as locals.requestId; every answer, pages included, carries it.
    req.headers["x-request-id"] = id;
    // What the request's handlers learn (the route, the cache, the culture) for its log line and metrics.
    const notes: RequestNotes = {};
    observeRequest(req, res, id, notes);
    if (readiness.draining) res.setHeader("Connection", "close");
    // Most requests are pages kept in memory: answered here, with no promise made (a page's request
    // waits for none), the request id among the headers the cache writes at once.
    let kept: boolean | Promise<boolean> | undefined;
    if (pageCache && !isOperationsRequest(req) && !mayBeStaticFile(req)) {
      try {
        kept = pageCache.serve(req, res, notes, id);
      } catch (error) {
        log().error({ err: error, requestId: id }, "page cache error");
        kept = false;
      }
      if (kept === true) {
        notes.route = "page-cache";
        // "stale" when served through a database outage.
        notes.cache ??= "hit";
        return;
      }
    }
    res.setHeader("X-Request-Id", id);
    void serveFurther(req, res, id, notes, kept);
  });
  server.listen(settings.PORT, settings.HOST, () => {
    // Without SITE_URL every loopback name works; with it, that is the address shoppers use.
    const host = settings.HOST === "0.0.0.0" || settings.HOST === "::" ? "localhost" : settings.HOST;
    const listening = `http://${host.includes(":") ? `[${host}]` : host}:${settings.PORT}`;
    const open = settings.SITE_URL ? settings.siteUrl : listening;
    log().info({ url: open, database: settings.databaseKind, demoShop: settings.demoShop }, "listening");
    // The address for a person at the terminal (the README's first command), whatever the log format.
    if (process.stdout.isTTY || settings.LOG_LEVEL === "silent")
      process.stdout.write(`Vitrine listening on ${open} (${settings.databaseKind})\n`);
    void preloadRoutes(resolve(dist, "server/pages"));
  });

  /**
   * SIGTERM or SIGINT: readiness answers 503 at once, no new connection is accepted, requests in
   * flight get SHUTDOWN_TIMEOUT_MS to finish (then they are cut), the timers stop, the outbox finishes
   * the mail it is sending, background work settles, pools and Redis close, and the process exits 0.
   */
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    readiness.draining = true;
    log().info({ signal, timeoutMs: settings.SHUTDOWN_TIMEOUT_MS }, "shutting down");
    const deadline = setTimeout(() => {
      log().warn("shutdown deadline reached: cutting the requests still in flight");
      server.closeAllConnections();
    }, settings.SHUTDOWN_TIMEOUT_MS);
    deadline.unref();
    const closed = new Promise<void>((done) => server.close(() => done()));
    // A keep-alive connection whose request finishes after this is idle then: close it as it becomes so.
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    server.closeIdleConnections();
    for (const stopTimer of stops) stopTimer();
    await Promise.allSettled([closed, stopOutbox()]);
    clearTimeout(deadline);
    clearInterval(idle);
    // Payment notifications answered but still processing finish too (else the sweeper takes them later).
    await Promise.race([
      Promise.all([backgroundSettled(), notificationsSettled(), webhooksSettled()]),
      delay(settings.SHUTDOWN_TIMEOUT_MS),
    ]);
    await Promise.allSettled([database().db.destroy(), version.close(), redis?.quit()]);
    log().info("stopped");
    await flushLog();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

/**
 * Astro imports a route's modules on its first request: the first API call after a start waited for the
 * whole API's (about 220 ms, the password checker's dictionaries among them) with every page held
 * meanwhile. Once the server listens they are loaded one at a time, handing the event loop back between.
 */
async function preloadRoutes(dir: string): Promise<void> {
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".mjs"));
  for (const file of files) {
    await nextTurn();
    await import(pathToFileURL(resolve(dir, file)).href).catch((error: unknown) =>
      log().warn({ err: error, file }, "a route module did not load ahead"),
    );
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms).unref());
}

/**
 * The inline scripts Astro can put in a page: those the build inlined (its manifest's `inlinedScripts`;
 * none today). Its island loader and hydration directives are no longer inline (decision 079). With them
 * (and the head and boot scripts the middleware registers) the Content-Security-Policy allows inline
 * scripts by hash only.
 */
async function registerFrameworkScripts(serverDir: string): Promise<string> {
  const file = readdirSync(serverDir).find((name) => /^manifest_.*\.mjs$/.test(name));
  if (!file) throw new Error(`No Astro manifest in ${serverDir}: run npm run build`);
  const { manifest } = (await import(pathToFileURL(resolve(serverDir, file)).href)) as {
    manifest: { inlinedScripts?: Map<string, string> };
  };
  registerInlineScripts(manifest.inlinedScripts?.values() ?? [], { complete: true });
  // The manifest's name changes with every build: it names the deploy.
  return file;
}

/** The rendered-page cache (decision 050): versions from the database, entries shared through Redis. */
function startPageCache(settings: ReturnType<typeof env>, build: string, version: PageVersionSource): PageCache {
  return new PageCache({
    ttlSeconds: settings.PAGE_CACHE_SECONDS,
    maxBytes: settings.PAGE_CACHE_MB * 1024 * 1024,
    version,
    build,
    // The pages, and the sitemaps and feeds made of the same public data.
    prefixes: [...CULTURES, "sitemap.xml", "sitemaps", "feeds"],
    personalCookies: [FLASH_COOKIE],
    sessionCookie: SESSION_COOKIE,
    scriptCookie: SCRIPT_COOKIE,
    variantCookies: [CONSENT_COOKIE_NAME, POPUP_MEMORY_COOKIE, COOKIE_LAW_COOKIE_NAME, COUNTRY_COOKIE],
    redis: settings.REDIS_URL ? sharedRedis(settings.REDIS_URL) : undefined,
    redisPrefix: settings.REDIS_PREFIX,
  });
}

/** A shopper's summary answered here while nothing it shows changed (decision 063). */
function startPersonalMemo(settings: ReturnType<typeof env>, version: PageVersionSource): PersonalMemo {
  const memoRequests = personalMemoMetrics();
  return new PersonalMemo({
    ttlSeconds: settings.PERSONAL_MEMO_SECONDS,
    maxEntries: PERSONAL_MEMO_ENTRIES,
    version,
    sessionCookie: SESSION_COOKIE,
    variantCookies: [COUNTRY_COOKIE],
    decorate: (headers) => applySecurityHeaders(headers),
    redis: settings.REDIS_URL ? sharedRedis(settings.REDIS_URL) : undefined,
    redisPrefix: settings.REDIS_PREFIX,
    onError: (error) => log().warn({ err: error }, "personal memo: a change could not be told to Redis"),
    onResult: (result) => memoRequests.inc({ result }),
  });
}

/** Summaries kept per process: about a kilobyte each. */
const PERSONAL_MEMO_ENTRIES = 20_000;

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

function isReadMethod(method: string | undefined): boolean {
  return method === "GET" || method === "HEAD";
}
