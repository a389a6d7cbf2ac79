// `npm run bench:scale`: issue 33's figures, on the production build (run `npm run build` first).
//
// 1. The page cache during a sale: shoppers read a product page and a list page while orders are placed
//    at ORDERS_PER_SECOND on products of another category; the share of those reads the cache answers.
//    On SQLite (one process), then on PostgreSQL with Redis (two processes, reads and orders spread).
// 2. Twice the stated peak (docs/performance.md: 50 shoppers browsing, 5 orders a second) for --seconds
//    (default 60) against two processes on PostgreSQL and Redis: errors, page latency, and every
//    acknowledged order found in the database.
//
// Options: --seconds S (the peak run, default 60), --sale-seconds S (each sale run, default 20),
//          --products N (demo shop size, default 200). PostgreSQL: BENCH_POSTGRES_URL or
//          postgres://postgres@127.0.0.1:5432/postgres; Redis: BENCH_REDIS_URL or redis://127.0.0.1:6379.
// Traffic goes to 127.0.0.1 only, paced, and stops by itself.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { benchServerEnv } from "./server-env.mjs";
import { BENCH_BILLING } from "./shopper.mjs";

const { values } = parseArgs({
  options: {
    seconds: { type: "string" },
    "sale-seconds": { type: "string" },
    products: { type: "string" },
    only: { type: "string" },
  },
});
const ONLY = values.only ?? "";
const PEAK_SECONDS = Number(values.seconds ?? 60);
const SALE_SECONDS = Number(values["sale-seconds"] ?? 20);
const PRODUCTS = values.products ?? "200";
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Orders a second during the sale run (issue 33: the hit rate stays above 90 % at 20 orders/s). */
const ORDERS_PER_SECOND = 20;
const SALE_READS_PER_SECOND = 200;
const MIN_HIT_RATE = 0.9;
/**
 * The stated peak (docs/performance.md), run at twice its rate: 50 shoppers browsing, each opening a
 * page every two seconds, and 5 orders a second.
 */
const PEAK = { shoppers: 50, pagesPerSecond: 25, ordersPerSecond: 5 };
const PEAK_P99_MS = 200;

const results = { date: new Date().toISOString(), products: Number(PRODUCTS) };
let failed = false;

function startServer(port, env) {
  const child = spawn(process.execPath, ["dist/main.mjs"], {
    env: benchServerEnv(port, {
      SEED_PRODUCTS: PRODUCTS,
      ASSETS_DIR: "data/bench-assets",
      LOG_LEVEL: "warn",
      ...env,
    }),
    stdio: ["ignore", "pipe", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  let exited = null;
  child.on("exit", (code) => (exited = code));
  child.stdout.resume();
  // Ready once it answers (a first start seeds the demo shop: up to a minute).
  const ready = (async () => {
    for (let i = 0; i < 1200; i++) {
      if (exited !== null) throw new Error(`server exited with ${exited}`);
      const answer = await fetch(`${base}/readyz`).catch(() => null);
      if (answer?.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the server did not start within two minutes");
  })();
  return { child, ready, base };
}

/** Runs `run` for `seconds`, `perSecond` times a second, without waiting for the previous ones. */
async function paced(perSecond, seconds, run) {
  const started = Date.now();
  const pending = [];
  let sent = 0;
  while (Date.now() - started < seconds * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * perSecond);
    while (sent < due) pending.push(run(sent++));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(pending);
  return sent;
}

const BILLING = BENCH_BILLING;

/** One order: a new shopper adds a line and orders. Its id when acknowledged, null otherwise. */
async function placeOrder(base, variantId, key) {
  const add = await fetch(`${base}/api/v1/catalog/products/addtocart`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ ProductVariantId: variantId, Quantity: 1 }),
  });
  await add.arrayBuffer();
  if (!add.ok) return null;
  const cookie = (add.headers.get("set-cookie") ?? "").split(";")[0];
  const order = await fetch(`${base}/api/v1/sales/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, Cookie: cookie },
    body: JSON.stringify({
      IdempotencyKey: `scale-${Date.now()}-${key}-xxxxxxxx`,
      Email: `${key}@bench.test`,
      Billing: BILLING,
      AcceptTerms: true,
    }),
  });
  const body = await order.json().catch(() => ({}));
  return order.ok ? (body.OrderId ?? body.Id ?? key) : null;
}

/** A small client for the database the servers use (SQLite file or PostgreSQL schema). */
async function database(url) {
  if (url.startsWith("postgres")) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return { all: async (text) => (await client.query(text)).rows, close: () => client.end() };
  }
  const { default: Database } = await import("better-sqlite3");
  const sqlite = new Database(url);
  return {
    all: async (text) => {
      const statement = sqlite.prepare(text);
      return statement.reader ? statement.all() : (statement.run(), []);
    },
    close: async () => sqlite.close(),
  };
}

/**
 * What the sale run reads and orders: a product page and its category's list, and variants of
 * products of other top categories (not the first of any, which the menu shows).
 */
async function saleTargets(url) {
  const db = await database(url);
  try {
    await db.all("update stock set quantity = 1000000");
    const products = await db.all(`
      select p.id, t.slug, coalesce(c.parent_id, c.id) as top, ct.slug as category
      from products p
      join product_translations t on t.product_id = p.id and t.culture = 'fr'
      join categories c on c.id = p.category_id
      join category_translations ct on ct.category_id = p.category_id and ct.culture = 'fr'
      where p.is_active = 1 and p.is_featured = 0 order by p.id`);
    const read = products[0];
    const others = new Set(products.filter((p) => p.top !== read.top).map((p) => p.id));
    const variants = await db.all(`
      select v.id, v.product_id from product_variants v
      where v.min_quantity = 1 and v.step_quantity = 1 order by v.id`);
    return {
      product: `/fr/p/${read.slug}`,
      list: `/fr/c/${read.category}`,
      variants: variants.filter((v) => others.has(v.product_id)).map((v) => v.id),
    };
  } finally {
    await db.close();
  }
}

/** Reads the two pages while orders go on; the share of reads answered from the cache, per page. */
async function saleRun(bases, targets) {
  const pages = { product: targets.product, list: targets.list };
  for (const base of bases) for (const path of Object.values(pages)) await fetch(`${base}${path}`);
  const counts = Object.fromEntries(Object.keys(pages).map((name) => [name, { hits: 0, reads: 0, errors: 0 }]));
  let acknowledged = 0;
  let refused = 0;
  const reads = paced(SALE_READS_PER_SECOND, SALE_SECONDS, async (i) => {
    const name = i % 2 === 0 ? "product" : "list";
    const answer = await fetch(`${bases[i % bases.length]}${pages[name]}`, {
      headers: { "Accept-Encoding": "br, gzip" },
    }).catch(() => null);
    await answer?.arrayBuffer();
    counts[name].reads += 1;
    if (!answer?.ok) counts[name].errors += 1;
    else if (answer.headers.get("x-cache") === "hit") counts[name].hits += 1;
  });
  const orders = paced(ORDERS_PER_SECOND, SALE_SECONDS, async (i) => {
    const base = bases[(i + 1) % bases.length];
    const id = await placeOrder(base, targets.variants[i % targets.variants.length], `sale-${i}`).catch(() => null);
    if (id) acknowledged += 1;
    else refused += 1;
  });
  await Promise.all([reads, orders]);
  const figures = { ordersPerSecond: Math.round((acknowledged / SALE_SECONDS) * 10) / 10, refused };
  for (const [name, c] of Object.entries(counts)) {
    figures[name] = { reads: c.reads, errors: c.errors, hitRate: Math.round((c.hits / c.reads) * 1000) / 1000 };
    if (c.hits / c.reads < MIN_HIT_RATE || c.errors) failed = true;
  }
  return figures;
}

/** A PostgreSQL schema of its own, dropped at the end. */
async function postgresSchema() {
  const { default: pg } = await import("pg");
  const schema = `bench_scale_${Date.now()}`;
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const url = new URL(POSTGRES);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

/** Two processes on one PostgreSQL schema and one Redis prefix: the first seeds, the second joins. */
async function twoProcesses(url, prefix) {
  const env = { DATABASE_URL: url, REDIS_URL: REDIS, REDIS_PREFIX: prefix };
  const first = startServer(4431, env);
  await first.ready;
  const second = startServer(4432, env);
  await second.ready;
  return [first, second];
}

/**
 * Twice the stated peak: browsing shoppers (anonymous visitors on the cached pages, and one in three
 * with a cart, whose pages are rendered for them) and orders, spread over both processes.
 */
async function peakRun(bases, url) {
  const db = await database(url);
  await db.all("update stock set quantity = 1000000");
  const paths = [
    "/fr/",
    ...(await db.all("select slug from category_translations where culture = 'fr'")).map((r) => `/fr/c/${r.slug}`),
    ...(await db.all("select slug from product_translations where culture = 'fr' limit 60")).map(
      (r) => `/fr/p/${r.slug}`,
    ),
    "/fr/catalog?q=coton",
    "/fr/catalog?q=laine",
  ];
  const variants = (await db.all("select id from product_variants where min_quantity = 1 and step_quantity = 1")).map(
    (r) => r.id,
  );
  // Shoppers with a cart: a session each, made before the run.
  const carts = [];
  for (let i = 0; i < 20; i++) {
    const add = await fetch(`${bases[i % 2]}/api/v1/catalog/products/addtocart`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: bases[i % 2] },
      body: JSON.stringify({ ProductVariantId: variants[i % variants.length], Quantity: 1 }),
    });
    await add.arrayBuffer();
    carts.push((add.headers.get("set-cookie") ?? "").split(";")[0]);
  }
  // A shop at its peak has been browsed before: every page once on each process (not measured).
  for (const base of bases) for (const path of paths) await (await fetch(`${base}${path}`)).arrayBuffer();
  const latencies = [];
  let pageErrors = 0;
  const acknowledged = [];
  let orderErrors = 0;
  const pages = paced(2 * PEAK.pagesPerSecond, PEAK_SECONDS, async (i) => {
    const started = performance.now();
    const headers = { "Accept-Encoding": "br, gzip", ...(i % 3 === 0 ? { Cookie: carts[i % carts.length] } : {}) };
    const answer = await fetch(`${bases[i % 2]}${paths[i % paths.length]}`, { headers }).catch(() => null);
    await answer?.arrayBuffer();
    latencies.push(performance.now() - started);
    if (!answer?.ok) pageErrors += 1;
  });
  const orderLatencies = [];
  const orders = paced(2 * PEAK.ordersPerSecond, PEAK_SECONDS, async (i) => {
    const started = performance.now();
    const id = await placeOrder(bases[(i + 1) % 2], variants[(i * 7) % variants.length], `peak-${i}`).catch(() => null);
    orderLatencies.push(performance.now() - started);
    if (id) acknowledged.push(id);
    else orderErrors += 1;
  });
  await Promise.all([pages, orders]);
  const stored = Number(
    (await db.all("select count(*) as n from orders where email like 'peak-%@bench.test'"))[0]?.n ?? 0,
  );
  await db.close();
  const at = (list, q) => {
    const sorted = [...list].sort((a, b) => a - b);
    return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  };
  const figures = {
    pages: { requests: latencies.length, errors: pageErrors, p50: at(latencies, 0.5), p99: at(latencies, 0.99) },
    orders: {
      placed: orderLatencies.length,
      acknowledged: acknowledged.length,
      errors: orderErrors,
      inDatabase: stored,
      p50: at(orderLatencies, 0.5),
      p99: at(orderLatencies, 0.99),
    },
  };
  if (pageErrors || orderErrors || figures.pages.p99 > PEAK_P99_MS || stored !== acknowledged.length) failed = true;
  return figures;
}

mkdirSync("bench/results", { recursive: true });
const sqliteFile = `data/bench-scale-${Date.now()}.sqlite`;
if (ONLY !== "peak") {
  const single = startServer(4430, { DATABASE_URL: sqliteFile });
  try {
    await single.ready;
    results.saleSqlite = await saleRun([single.base], await saleTargets(sqliteFile));
  } finally {
    single.child.kill();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${sqliteFile}${suffix}`, { force: true });
  }
}

const pgSchema = await postgresSchema();
const processes = await twoProcesses(pgSchema.url, `bench-scale-${Date.now()}:`);
try {
  const bases = processes.map((p) => p.base);
  if (ONLY !== "peak") results.salePostgres = await saleRun(bases, await saleTargets(pgSchema.url));
  if (ONLY !== "sale")
    results.peak = { stated: PEAK, run: { factor: 2, seconds: PEAK_SECONDS }, ...(await peakRun(bases, pgSchema.url)) };
} finally {
  for (const p of processes) p.child.kill();
  await new Promise((resolve) => setTimeout(resolve, 500));
  await pgSchema.drop();
}

writeFileSync("bench/results/scale.json", JSON.stringify(results, null, 2));
const sale = (label, r) =>
  console.log(
    `  ${label.padEnd(30)} product page ${(r.product.hitRate * 100).toFixed(1)} % hits (${r.product.reads} reads), list ${(r.list.hitRate * 100).toFixed(1)} % (${r.list.reads}), orders ${r.ordersPerSecond}/s acknowledged${r.refused ? `, ${r.refused} refused` : ""}`,
  );
console.log(
  `\nThe page cache during a sale (${ORDERS_PER_SECOND} orders/s on other products, ${SALE_SECONDS} s, at least ${MIN_HIT_RATE * 100} %):`,
);
if (results.saleSqlite) sale("SQLite, one process", results.saleSqlite);
if (results.salePostgres) sale("PostgreSQL + Redis, two", results.salePostgres);
const p = results.peak;
if (p) {
  console.log(
    `\nTwice the stated peak (${2 * PEAK.shoppers} shoppers: ${2 * PEAK.pagesPerSecond} pages/s, one in three with a cart, and ${2 * PEAK.ordersPerSecond} orders/s, ${PEAK_SECONDS} s, two processes on PostgreSQL + Redis):`,
  );
  console.log(
    `  pages  ${p.pages.requests} requests, ${p.pages.errors} errors, p50 ${p.pages.p50} ms, p99 ${p.pages.p99} ms (at most ${PEAK_P99_MS} ms)`,
  );
  console.log(
    `  orders ${p.orders.placed} placed, ${p.orders.acknowledged} acknowledged, ${p.orders.inDatabase} in the database, ${p.orders.errors} errors, p50 ${p.orders.p50} ms, p99 ${p.orders.p99} ms`,
  );
}
console.log(failed ? "\nMISSED" : "\nok");
process.exit(failed ? 1 : 0);
