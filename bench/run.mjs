// `npm run bench`: page weight from a real browser load, and server throughput with autocannon.
// Not a test: figures move from run to run; budgets fail the bench, not the suite.
// Options: --products N (demo shop size, default 200), --seconds S (per autocannon run, default 10),
//          --pages (page weight and layout shift only), --lighthouse (Lighthouse only),
//          --throughput (server throughput only; cached pages against issue 37's plain copy,
//          bench/plain-copy.mjs, and issue 19's static copy),
//          --rounds R (issue 37's rows against the plain copy, alternating, default 3),
//          --baseline DIR (a built checkout of an earlier commit: its uncached pages, and the cart,
//          checkout and account pages, are measured side by side with ours: issue 37's "rendered per
//          shopper at least 2x"; the uncached pages are shown without a target: issue 19's 3.5x was
//          against the build before issue 19, not whatever DIR holds),
//          BENCH_POSTGRES_URL=postgres://... to also measure on PostgreSQL.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "../tests/support/chromium.mjs";
import autocannon from "./cannon.mjs";
import { lighthouseFigures, printLighthouse } from "./lighthouse.mjs";
import { pinRunning } from "./pinned-server.mjs";
import { recorder } from "./record.mjs";
import { benchServerEnv, nodeOptionsOf } from "./server-env.mjs";
import { BENCH_BILLING, sessionWithCartLine } from "./shopper.mjs";

const { values } = parseArgs({
  options: {
    products: { type: "string" },
    seconds: { type: "string" },
    rounds: { type: "string" },
    pages: { type: "boolean" },
    lighthouse: { type: "boolean" },
    baseline: { type: "string" },
    throughput: { type: "boolean" },
  },
});
/** `--throughput`: server throughput only (and `--baseline`), without page weight, Lighthouse or the large shop. */
const THROUGHPUT_ONLY = values.throughput ?? false;
/** `--lighthouse`: Lighthouse only (home, list, product, cart and the zero-JavaScript floor). */
const LIGHTHOUSE_ONLY = values.lighthouse ?? false;
/** `--pages`: page weight and layout shift only (no throughput, no large shop). */
const PAGES_ONLY = values.pages ?? false;
const PRODUCTS = values.products ?? "200";
const SECONDS = Number(values.seconds ?? 10);
/** Rounds of issue 37's comparisons (ours, then the plain copy, then her pages), `--rounds`. */
const ROUNDS = Number(values.rounds ?? 3);
const budgets = JSON.parse(readFileSync(new URL("./budgets.json", import.meta.url), "utf8")).pages;
const results = { date: new Date().toISOString(), products: Number(PRODUCTS), pages: {}, throughput: {} };
let failed = false;

if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
mkdirSync("bench/results", { recursive: true });

async function startServer(port, databaseUrl, products = PRODUCTS, extraEnv = {}, cwd = undefined) {
  const child = spawn(process.execPath, ["--enable-source-maps", "dist/main.mjs"], {
    cwd,
    env: benchServerEnv(port, {
      DATABASE_URL: databaseUrl,
      SEED_PRODUCTS: String(products),
      ASSETS_DIR: "data/bench-assets",
      ...extraEnv,
    }),
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => String(chunk).includes("listening") && resolve());
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return child;
}

/** Cumulative layout shift every page type must stay under (the Lighthouse "good" line is 0.1). */
const MAX_CLS = 0.01;

/** A browser context as the page type's visitor: consent answered or not, one line in the cart or not. */
async function prepareContext(browser, base, budget, options = {}) {
  const context = await browser.newContext(options);
  if (!budget.firstVisit) {
    // A visitor who already answered the cookie prompt (the default stamp of the bench server).
    const value = encodeURIComponent(
      JSON.stringify({ stamp: "2026-11-01", preferences: true, statistics: false, marketing: false }),
    );
    await context.addCookies([{ name: "CookieConsent", value, url: base }]);
  }
  if (budget.withCart) {
    const catalog = await (await fetch(`${base}/fr/catalog?q=`)).text();
    const variantId = Number(/name="ProductVariantId" value="(\d+)"/.exec(catalog)?.[1]);
    await context.request.post(`${base}/api/v1/catalog/products/addtocart`, {
      data: { ProductVariantId: variantId, Quantity: 1 },
      headers: { Origin: base },
    });
    if (budget.shippingMethodId)
      await context.request.post(`${base}/api/v1/shoppingcarts/shippingmethods`, {
        data: { ShippingMethodId: budget.shippingMethodId },
        headers: { Origin: base },
      });
    // The payment page: the cart becomes an order awaiting payment, whose page is measured apart.
    if (budget.order) {
      const placed = await context.request.post(`${base}/api/v1/sales/orders`, {
        data: {
          IdempotencyKey: `bench-payment-${Date.now()}-xxxxxxxx`,
          Email: "payment@bench.test",
          Billing: BENCH_BILLING,
          AcceptTerms: true,
        },
        headers: { Origin: base },
      });
      context.paymentPath = (await placed.json()).PaymentUrl;
    }
  }
  return context;
}

/** A page type's path: the first product's page, or the payment page of the order the context placed. */
function pathOf(budget, firstProduct, context) {
  return budget.order ? context.paymentPath : budget.path.replace("FIRST_PRODUCT", firstProduct);
}

/**
 * Layout shift of a first load on a phone as Lighthouse's mobile preset sees it (412 px, 4× slower CPU,
 * a slow 4G network), summed over the load and two seconds after it, without any input.
 */
async function layoutShift(browser, base, budget, pathFor) {
  const mobile = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
  const context = await prepareContext(browser, base, budget, mobile);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: 1.6e6 / 8,
    uploadThroughput: 750e3 / 8,
  });
  await page.addInitScript(() => {
    window.benchShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.benchShift += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(base + pathFor(context), { waitUntil: "networkidle" });
  await page.waitForTimeout(2000);
  const cls = await page.evaluate(() => window.benchShift);
  await context.close();
  return cls;
}

async function pageWeights(base) {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const home = await (await fetch(`${base}/fr/`)).text();
  const firstProduct = /href="\/fr\/p\/([^"]+)"/.exec(home)?.[1] ?? "";
  for (const [name, budget] of Object.entries(budgets)) {
    const context = await prepareContext(browser, base, budget);
    const page = await context.newPage();
    const responses = [];
    // Requests made before the load event are the first load; what comes once the page is idle (swup,
    // a carousel's Splide) is counted apart (issue 19: "load what is not needed for the first paint after it").
    const beforeLoad = new Set();
    let loaded = false;
    page.on("request", (request) => !loaded && beforeLoad.add(request));
    page.on("load", () => {
      loaded = true;
    });
    page.on("requestfinished", (request) => responses.push(request));
    await page.goto(base + pathOf(budget, firstProduct, context), { waitUntil: "networkidle" });
    let scriptGzip = 0;
    let afterLoadGzip = 0;
    let cssGzip = 0;
    let transfer = 0;
    const scripts = [];
    for (const request of responses) {
      const sizes = await request.sizes();
      transfer += sizes.responseBodySize + sizes.responseHeadersSize;
      if (request.resourceType() === "script") {
        const response = await request.response();
        const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
        const gzip = gzipSync(body, { level: 9 }).length;
        const first = beforeLoad.has(request);
        if (first) scriptGzip += gzip;
        else afterLoadGzip += gzip;
        scripts.push({ path: new URL(request.url()).pathname, gzip, firstLoad: first });
      }
      if (request.resourceType() === "stylesheet") {
        const response = await request.response();
        const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
        cssGzip += gzipSync(body, { level: 9 }).length;
      }
    }
    // Inline scripts count too (island loader, swup bootstrap).
    const inline = await page.$$eval('script:not([src]):not([type]), script[type="module"]:not([src])', (nodes) =>
      nodes.map((n) => n.textContent ?? "").join("\n"),
    );
    scriptGzip += gzipSync(Buffer.from(inline), { level: 9 }).length;
    // CSS the page ships: its stylesheets and inline <style> blocks (Astro inlines small ones).
    const inlineCss = await page.$$eval("style", (nodes) => nodes.map((n) => n.textContent ?? "").join("\n"));
    cssGzip += gzipSync(Buffer.from(inlineCss), { level: 9 }).length;
    const react = scripts.some((s) => /\/client\.[\w-]+\.js$|react/i.test(s.path));
    const maplibre = scripts.some((s) => /maplibre|pickup-map/i.test(s.path));
    await context.close();
    const cls = await layoutShift(browser, base, budget, (shifted) => pathOf(budget, firstProduct, shifted));
    const ok = scriptGzip <= budget.maxScriptGzip && (budget.react || !react) && !maplibre && cls <= MAX_CLS;
    if (!ok) failed = true;
    results.pages[name] = {
      cls: Math.round(cls * 10000) / 10000,
      scriptGzip,
      cssGzip,
      transfer,
      requests: responses.length,
      react,
      maplibre,
      budget: budget.maxScriptGzip,
      ok,
      afterLoadGzip,
      inlineScriptGzip: gzipSync(Buffer.from(inline), { level: 9 }).length,
      scripts,
    };
  }
  await browser.close();
  return firstProduct;
}

/** What a run of autocannon tells us: requests per second, median and 99th percentile latency, errors. */
function cannonFigures(result) {
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/** Connections at once, as issue 19 measures: a busy shop's burst. */
const CONNECTIONS = 50;

/** A GET as a browser sends it: it takes brotli and gzip. */
function cannon(url, headers = {}, seconds = SECONDS) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: seconds, headers: { "Accept-Encoding": "br, gzip", ...headers } },
      (error, result) => (error ? reject(error) : resolve(cannonFigures(result))),
    );
  });
}

/** A page saved as a static file of dist/client with its brotli and gzip twins, as the build does. */
function saveStatic(name, html) {
  const bytes = Buffer.from(html);
  writeFileSync(`dist/client/${name}`, bytes);
  writeFileSync(`dist/client/${name}.br`, brotliCompressSync(bytes));
  writeFileSync(`dist/client/${name}.gz`, gzipSync(bytes, { level: 9 }));
}

function removeStatic(name) {
  for (const suffix of ["", ".br", ".gz"]) rmSync(`dist/client/${name}${suffix}`, { force: true });
}

/** Enough stock for every variant, so the checkout bench measures orders, not refusals of sold-out lines. */
async function restock(databaseUrl) {
  if (databaseUrl.startsWith("postgres")) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query("update stock set quantity = 1000000");
    await client.end();
  } else {
    const { default: Database } = await import("better-sqlite3");
    const sqlite = new Database(databaseUrl);
    sqlite.prepare("update stock set quantity = 1000000").run();
    sqlite.close();
  }
}

/** Cached pages, at least this share of their static copy's requests per second (issue 19). */
const CACHED_VS_STATIC = 0.8;
/** p99 latency of a cached page at 50 connections, in ms (issue 19). */
const CACHED_P99_MS = 100;
/** Cached pages against the plain copy (issue 37: anonymous pages keep what they have), and their p99. */
const CACHED_VS_PLAIN = 0.9;
const CACHED_PLAIN_P99_MS = 10;
/** A shopper with a session and a cart line: at least this share of the plain copy (issue 37). */
const SHOPPER_VS_PLAIN = 0.5;
/** ...and p99 at most this, in ms, at 50 connections; her summary at most SUMMARY_P99_MS. */
const SHOPPER_P99_MS = 50;
const SUMMARY_P99_MS = 20;

/** The round whose requests per second are the median, with its latencies; p99 the worst of the rounds. */
function medianRow(runs) {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  return { ...sorted[Math.floor(sorted.length / 2)], p99: Math.max(...runs.map((run) => run.p99)) };
}

/** The median of the rounds' shares `ours / copy`, two decimals. */
function medianShare(rounds, ours, copy) {
  const shares = rounds.map((round) => round[ours].rps / round[copy].rps).sort((a, b) => a - b);
  return Math.round(shares[Math.floor(shares.length / 2)] * 100) / 100;
}

async function throughput(label, base, productSlug, databaseUrl, uncachedBase, serverPid) {
  // Static files of the same HTML as a product list and a product page, served by the same process:
  // the baseline our server-rendered pages are compared with.
  const list = await (await fetch(`${base}/fr/c/vetements`)).text();
  const product = await (await fetch(`${base}/fr/p/${productSlug}`)).text();
  saveStatic("bench-static-list.html", list);
  saveStatic("bench-static-product.html", product);
  // Issue 37's static copy: the same bytes compressed once, served by a bare server of its own.
  const plainPort = 4418;
  const plainServer = spawn(
    process.execPath,
    ["bench/plain-copy.mjs", String(plainPort), `/list=${base}/fr/c/vetements`, `/product=${base}/fr/p/${productSlug}`],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise((resolve, reject) => {
    plainServer.stdout.on("data", (chunk) => String(chunk).includes("ready") && resolve());
    plainServer.on("exit", (code) => reject(new Error(`plain copy exited with ${code}`)));
  });
  const plain = `http://127.0.0.1:${plainPort}`;
  const rows = {};
  let unpin = () => {};
  try {
    // Our server and both copies on core 1, the load on core 0 (as bench/kept-vs-plain.mjs): sharing two
    // cores with the load, the plain copy moved by a quarter to a half between rows of one run.
    unpin = pinRunning([serverPid, plainServer.pid]);
    // V8 optimizes a page's path over its first thousands of requests: two seconds of each first, not counted.
    for (const url of [`${base}/fr/`, `${base}/fr/c/vetements`, `${base}/fr/p/${productSlug}`, `${plain}/list`])
      await cannon(url, {}, 2);
    rows.home = await cannon(`${base}/fr/`);
    rows.staticList = await cannon(`${base}/bench-static-list.html`);
    rows.staticProduct = await cannon(`${base}/bench-static-product.html`);
    // A shopper with a session and one line in her cart, whose browser runs scripts (issue 37, decision
    // 062): the pages every shopper shares, and the small request her own parts come from.
    const cookies = [...(await sessionWithCartLine(base)), { name: "vitrine_js", value: "1" }];
    const shopper = { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") };
    // Her pages are kept apart from a visitor's (decision 062): two seconds of each first too, so a round
    // measures them kept, as the visitor's, not their first render under load.
    for (const url of [`${base}/fr/c/vetements`, `${base}/fr/p/${productSlug}`, `${base}/api/v1/me/summary`])
      await cannon(url, shopper, 2);
    // Issue 37's comparisons in alternating rounds, each of our rows next to the plain copy's: a row is the
    // median of its rounds, a share the median of the rounds' shares (each round's ours over its copy).
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++)
      rounds.push({
        category: await cannon(`${base}/fr/c/vetements`),
        plainList: await cannon(`${plain}/list`),
        categoryShopper: await cannon(`${base}/fr/c/vetements`, shopper),
        product: await cannon(`${base}/fr/p/${productSlug}`),
        plainProduct: await cannon(`${plain}/product`),
        productShopper: await cannon(`${base}/fr/p/${productSlug}`, shopper),
        summary: await cannon(`${base}/api/v1/me/summary`, shopper),
      });
    for (const name of Object.keys(rounds[0])) rows[name] = medianRow(rounds.map((round) => round[name]));
    rows.shares = {
      category: medianShare(rounds, "category", "plainList"),
      product: medianShare(rounds, "product", "plainProduct"),
      categoryShopper: medianShare(rounds, "categoryShopper", "plainList"),
      productShopper: medianShare(rounds, "productShopper", "plainProduct"),
    };
  } finally {
    unpin();
    // A run that fails leaves no server on the plain copy's port.
    plainServer.removeAllListeners("exit");
    plainServer.kill();
  }
  removeStatic("bench-static-list.html");
  removeStatic("bench-static-product.html");
  // The same pages rendered for every request: a server without the page cache on the same database.
  if (uncachedBase) {
    rows.categoryUncached = await cannon(`${uncachedBase}/fr/c/vetements`);
    rows.productUncached = await cannon(`${uncachedBase}/fr/p/${productSlug}`);
  }
  const shopperOk =
    rows.shares.categoryShopper >= SHOPPER_VS_PLAIN &&
    rows.shares.productShopper >= SHOPPER_VS_PLAIN &&
    rows.categoryShopper.p99 <= SHOPPER_P99_MS &&
    rows.productShopper.p99 <= SHOPPER_P99_MS &&
    rows.summary.p99 <= SUMMARY_P99_MS;
  if (!shopperOk) failed = true;
  const cachedOk =
    rows.category.rps >= CACHED_VS_STATIC * rows.staticList.rps &&
    rows.product.rps >= CACHED_VS_STATIC * rows.staticProduct.rps &&
    rows.category.p99 <= CACHED_P99_MS &&
    rows.product.p99 <= CACHED_P99_MS;
  if (!cachedOk) failed = true;
  const keptOk =
    rows.shares.category >= CACHED_VS_PLAIN &&
    rows.shares.product >= CACHED_VS_PLAIN &&
    rows.category.p99 <= CACHED_PLAIN_P99_MS &&
    rows.product.p99 <= CACHED_PLAIN_P99_MS;
  if (!keptOk) failed = true;
  const catalog = await (await fetch(`${base}/fr/catalog?q=`)).text();
  const variants = [...catalog.matchAll(/name="ProductVariantId" value="(\d+)"/g)].map((m) => Number(m[1]));
  rows.addToCart = await new Promise((resolve, reject) =>
    autocannon(
      {
        url: `${base}/api/v1/catalog/products/addtocart`,
        method: "POST",
        connections: 10,
        duration: SECONDS,
        headers: { "Content-Type": "application/json", Origin: base },
        body: JSON.stringify({ ProductVariantId: variants[0], Quantity: 1 }),
      },
      (error, result) => (error ? reject(error) : resolve(cannonFigures(result))),
    ),
  );
  await restock(databaseUrl);
  rows.placeOrder = await checkoutFlows(base, variants);
  results.throughput[label] = {
    listBytes: Buffer.byteLength(list),
    productBytes: Buffer.byteLength(product),
    cachedOk,
    keptOk,
    shopperOk,
    ...rows,
  };
}

/** Pages rendered for each shopper (cart, checkout, account): at least this many times (issue 37). */
const PERSONAL_VS_BASELINE = 2;

/** A signed-in demo customer's cookies (the demo shop's Marie), as one Cookie header. */
async function signedIn(base) {
  const response = await fetch(`${base}/api/v1/security/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ Email: "marie@vitrine.test", Password: "Vitrine-demo-1" }),
  });
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * `--baseline DIR`: on an earlier build (a checkout in DIR, built with `npm run build`) on a fresh shop of
 * its own, in the same run: the uncached list and product pages, and the pages rendered for each shopper
 * (her cart and checkout with one line, her account signed in); two alternating rounds of each, each
 * server's better round counts (the first warms the JIT and what it keeps). Both servers on core 1 and the
 * load on core 0, as the rows against the plain copy: sharing two cores, the load took more of them from
 * the server that answered more, and the ratio came out 10–15 % under the servers' CPU per request.
 */
async function againstBaseline(dir, uncachedBase, uncachedPid) {
  const port = 4415;
  const before = `http://127.0.0.1:${port}`;
  const file = resolve(`data/bench-baseline-${Date.now()}.sqlite`);
  // Uncached on both sides (a build that has the page cache would answer the list from it).
  const server = await startServer(
    port,
    file,
    PRODUCTS,
    { PAGE_CACHE_SECONDS: "0", NODE_OPTIONS: await nodeOptionsOf(dir) },
    resolve(dir),
  );
  const firstProduct = async (base) =>
    /href="\/fr\/p\/([^"]+)"/.exec(await (await fetch(`${base}/fr/`)).text())?.[1] ?? "";
  const cartOf = async (base) =>
    `${(await sessionWithCartLine(base)).map((c) => `${c.name}=${c.value}`).join("; ")}; vitrine_js=1`;
  let unpin = () => {};
  try {
    const cookies = {
      before: { cart: await cartOf(before), customer: `${await signedIn(before)}; vitrine_js=1` },
      now: { cart: await cartOf(uncachedBase), customer: `${await signedIn(uncachedBase)}; vitrine_js=1` },
    };
    const pages = {
      list: [["/fr/c/vetements", "/fr/c/vetements"], null, null],
      product: [[`/fr/p/${await firstProduct(before)}`, `/fr/p/${await firstProduct(uncachedBase)}`], null, null],
      cart: [["/fr/shoppingcarts", "/fr/shoppingcarts"], "cart", PERSONAL_VS_BASELINE],
      checkout: [["/fr/checkout", "/fr/checkout"], "cart", PERSONAL_VS_BASELINE],
      account: [["/fr/account", "/fr/account"], "customer", PERSONAL_VS_BASELINE],
    };
    const rows = {};
    unpin = pinRunning([server.pid, uncachedPid]);
    for (const [name, [[beforePath, nowPath], who, target]] of Object.entries(pages)) {
      const runs = { before: [], now: [] };
      for (let round = 0; round < 2; round++) {
        runs.before.push(await cannon(`${before}${beforePath}`, who ? { Cookie: cookies.before[who] } : {}));
        runs.now.push(await cannon(`${uncachedBase}${nowPath}`, who ? { Cookie: cookies.now[who] } : {}));
      }
      const best = (list) => list.reduce((a, b) => (b.rps > a.rps ? b : a));
      const row = { before: best(runs.before), now: best(runs.now), target };
      row.ratio = Math.round((row.now.rps / Math.max(1, row.before.rps)) * 100) / 100;
      row.ok = (target === null || row.ratio >= target) && !row.before.non2xx && !row.now.non2xx;
      if (!row.ok) failed = true;
      rows[name] = row;
    }
    results.baseline = { dir, ...rows };
  } finally {
    unpin();
    server.kill();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
  }
}

/**
 * Whole checkouts per second: 10 shoppers at once, each a new session that adds a line and places
 * its order (the order transaction: locks, stock, totals), for SECONDS seconds. A refusal for stock
 * run out counts as non-2xx.
 */
async function checkoutFlows(base, variants) {
  const billing = BENCH_BILLING;
  const end = Date.now() + SECONDS * 1000;
  const latencies = [];
  let non2xx = 0;
  let n = 0;
  const worker = async () => {
    while (Date.now() < end) {
      const i = n++;
      const add = await fetch(`${base}/api/v1/catalog/products/addtocart`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: base },
        body: JSON.stringify({ ProductVariantId: variants[i % variants.length], Quantity: 1 }),
      });
      const cookie = (add.headers.get("set-cookie") ?? "").split(";")[0];
      const started = performance.now();
      const order = await fetch(`${base}/api/v1/sales/orders`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: base, Cookie: cookie },
        body: JSON.stringify({
          IdempotencyKey: `bench-${Date.now()}-${i}-xxxxxxxx`,
          Email: `b${i}@bench.test`,
          Billing: billing,
          AcceptTerms: true,
        }),
      });
      await order.arrayBuffer();
      latencies.push(performance.now() - started);
      if (!order.ok) non2xx++;
    }
  };
  const t0 = Date.now();
  await Promise.all(Array.from({ length: 10 }, worker));
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    rps: Math.round((latencies.length / (Date.now() - t0)) * 1000 * 10) / 10,
    p50: at(0.5),
    p99: at(0.99),
    non2xx,
  };
}

/** Suggestion latency over HTTP, one request at a time, on a shop of SUGGEST_PRODUCTS products. */
const SUGGEST_PRODUCTS = Number(process.env.BENCH_SUGGEST_PRODUCTS ?? 20000);
const SUGGEST_P95_BUDGET_MS = 20;
const SUGGEST_QUERIES = [
  "robe",
  "robbe",
  "tshirt",
  "t-shirt coton",
  "écharpe",
  "echarpe",
  "laine",
  "lana",
  "wolle",
  "pull",
  "baskets",
  "sneakers",
  "VT-0001",
  "sac",
  "bonnet",
  "chaussettes",
  "veste lin",
  "jurk",
  "broek",
  "zapatillas",
];
async function suggestionLatency(base, requests = 600) {
  for (const q of SUGGEST_QUERIES) await fetch(`${base}/api/v1/catalog/search/suggestions?q=${encodeURIComponent(q)}`);
  const times = [];
  for (let i = 0; i < requests; i++) {
    const q = SUGGEST_QUERIES[i % SUGGEST_QUERIES.length];
    // A distinct query string each time, so no cache in between answers.
    const url = `${base}/api/v1/catalog/search/suggestions?q=${encodeURIComponent(q)}&nbrResults=5&accuracy=0.3&n=${i}`;
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))] * 10) / 10;
  const row = { products: SUGGEST_PRODUCTS, requests, p50: at(0.5), p95: at(0.95), max: at(1) };
  row.ok = row.p95 < SUGGEST_P95_BUDGET_MS;
  if (!row.ok) failed = true;
  results.suggestions = row;
}

const sqliteFile = `data/bench-${Date.now()}.sqlite`;
let firstProduct = "";
let server = await startServer(4410, sqliteFile);
try {
  if (LIGHTHOUSE_ONLY || THROUGHPUT_ONLY) {
    const home = await (await fetch("http://127.0.0.1:4410/fr/")).text();
    firstProduct = /href="\/fr\/p\/([^"]+)"/.exec(home)?.[1] ?? "";
  } else firstProduct = await pageWeights("http://127.0.0.1:4410");
  if (!PAGES_ONLY && !THROUGHPUT_ONLY) {
    results.lighthouse = await lighthouseFigures("http://127.0.0.1:4410", firstProduct);
    if (!results.lighthouse.ok) failed = true;
  }
  if (!PAGES_ONLY && !LIGHTHOUSE_ONLY) {
    const uncached = await startServer(4413, sqliteFile, PRODUCTS, { PAGE_CACHE_SECONDS: "0" });
    try {
      await throughput(
        "sqlite",
        "http://127.0.0.1:4410",
        firstProduct,
        sqliteFile,
        "http://127.0.0.1:4413",
        server.pid,
      );
      if (values.baseline) await againstBaseline(values.baseline, "http://127.0.0.1:4413", uncached.pid);
    } finally {
      uncached.kill();
    }
  }
} finally {
  server.kill();
  rmSync(sqliteFile, { force: true });
  rmSync(`${sqliteFile}-wal`, { force: true });
  rmSync(`${sqliteFile}-shm`, { force: true });
}

if (process.env.BENCH_POSTGRES_URL && !PAGES_ONLY && !LIGHTHOUSE_ONLY) {
  const { default: pg } = await import("pg");
  const schema = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.BENCH_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const url = `${process.env.BENCH_POSTGRES_URL}${process.env.BENCH_POSTGRES_URL.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  server = await startServer(4411, url);
  const uncached = await startServer(4414, url, PRODUCTS, { PAGE_CACHE_SECONDS: "0" });
  try {
    await throughput("postgres", "http://127.0.0.1:4411", firstProduct, url, "http://127.0.0.1:4414", server.pid);
  } finally {
    server.kill();
    uncached.kill();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

// Suggestions on a large shop (seeding 20,000 products takes about 15 s).
if (!PAGES_ONLY && !LIGHTHOUSE_ONLY && !THROUGHPUT_ONLY) {
  const bigFile = `data/bench-big-${Date.now()}.sqlite`;
  server = await startServer(4412, bigFile, SUGGEST_PRODUCTS);
  try {
    await suggestionLatency("http://127.0.0.1:4412");
  } finally {
    server.kill();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${bigFile}${suffix}`, { force: true });
  }
}

writeFileSync(
  `bench/results/${PAGES_ONLY ? "pages" : LIGHTHOUSE_ONLY ? "lighthouse" : THROUGHPUT_ONLY ? "throughput" : "latest"}.json`,
  JSON.stringify(results, null, 2),
);
const record = recorder("npm run bench --");
const say = record.say;
function finish() {
  record.write();
  process.exit(failed ? 1 : 0);
}
if (results.lighthouse) printLighthouse(results.lighthouse, say);
if (LIGHTHOUSE_ONLY) finish();
say(`\nPage weight (first load, JavaScript gzip, total transfer as sent) and layout shift (phone, budget ${MAX_CLS}):`);
for (const [name, r] of Object.entries(results.pages)) {
  say(
    `  ${name.padEnd(16)} CLS ${r.cls.toFixed(4)}  JS ${(r.scriptGzip / 1024).toFixed(1)} KB gzip (budget ${(r.budget / 1024).toFixed(0)} KB) + ${(r.afterLoadGzip / 1024).toFixed(1)} KB once idle, CSS ${(r.cssGzip / 1024).toFixed(1)} KB gzip, transfer ${(r.transfer / 1024).toFixed(1)} KB in ${r.requests} requests, React: ${r.react ? "yes" : "no"}, MapLibre: ${r.maplibre ? "yes" : "no"} ${r.ok ? "ok" : "OVER BUDGET"}`,
  );
}
// What the first-load files are made of (written by scripts/shell-chunk.mjs at build time).
try {
  const files = JSON.parse(readFileSync("dist/client-modules.json", "utf8"));
  results.modules = files;
  for (const [file, modules] of Object.entries(files)) {
    const total = Object.values(modules).reduce((sum, n) => sum + n, 0);
    say(`\n${file}: ${(total / 1024).toFixed(1)} KB before minification, by module:`);
    for (const [id, bytes] of Object.entries(modules).slice(0, 15)) {
      say(`  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${id}`);
    }
  }
} catch {
  say("(no dist/client-modules.json: module sizes unknown)");
}
if (PAGES_ONLY) finish();
say(
  `\nThroughput (autocannon, ${CONNECTIONS} connections, Accept-Encoding: br, gzip, ${SECONDS} s each, 127.0.0.1; orders: 10 shoppers):`,
);
for (const [db, rows] of Object.entries(results.throughput)) {
  say(
    `  ${db}: cached pages ${rows.cachedOk ? "ok" : "MISSED"} (at least ${CACHED_VS_STATIC}× the static copy, p99 at most ${CACHED_P99_MS} ms)`,
  );
  say(
    `  ${db}: cached pages ${rows.keptOk ? "ok" : "MISSED"} (at least ${CACHED_VS_PLAIN}× the plain copy, p99 at most ${CACHED_PLAIN_P99_MS} ms)`,
  );
  say(
    `  ${db}: a shopper's pages ${rows.shopperOk ? "ok" : "MISSED"} (at least ${SHOPPER_VS_PLAIN}× the plain copy, p99 at most ${SHOPPER_P99_MS} ms; her summary p99 at most ${SUMMARY_P99_MS} ms)`,
  );
  const shares = Object.entries(rows.shares ?? {}).map(([name, share]) => `${name} ${share}×`);
  say(`  ${db}: shares of the plain copy (median of ${ROUNDS} rounds): ${shares.join(", ")}`);
  for (const [name, r] of Object.entries(rows)) {
    if (typeof r !== "object" || name === "shares") continue;
    say(
      `  ${db.padEnd(8)} ${name.padEnd(17)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms${r.non2xx ? `  non-2xx ${r.non2xx}` : ""}`,
    );
  }
}
if (results.baseline) {
  say(
    `\nPages rendered per request against the build in ${results.baseline.dir} (same run, ${CONNECTIONS} connections; list and product uncached, cart and checkout with a line, account signed in):`,
  );
  for (const name of ["list", "product", "cart", "checkout", "account"]) {
    const r = results.baseline[name];
    say(
      `  ${name.padEnd(8)} before ${r.before.rps} req/s (p99 ${r.before.p99} ms), now ${r.now.rps} req/s (p99 ${r.now.p99} ms): ${r.ratio}×${r.target === null ? ` (no target against this build)${r.ok ? "" : " ERRORS"}` : ` (at least ${r.target}×) ${r.ok ? "ok" : "MISSED"}`}`,
    );
  }
}
const s = results.suggestions;
if (s)
  say(
    `\nSuggestions (${s.products} products, ${s.requests} requests one at a time): p50 ${s.p50} ms, p95 ${s.p95} ms (budget ${SUGGEST_P95_BUDGET_MS} ms) ${s.ok ? "ok" : "OVER BUDGET"}`,
  );
finish();
