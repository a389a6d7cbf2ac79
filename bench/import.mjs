// `npm run bench:import` (after `npm run build`): issue 71's import. A catalogue CSV of 20,000 products
// with 90,000 variants (six languages, four warehouses, two price tiers; 43 MB) imported into a fresh demo
// shop, then the same file again (every row unchanged): through the CLI (`npm run admin -- import`), then
// through the integration API on the production server while shoppers load 25 pages a second (their p99), with
// the time and the memory each process grew by. Not a test: figures move.
// Options: --products N (default 20000), --variants N (default 4.5 a product), --only cli|api.
// BENCH_POSTGRES_URL=postgres://.../db to also measure PostgreSQL (that database is emptied first).
import { spawn, spawnSync } from "node:child_process";
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { Readable } from "node:stream";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { recorder } from "./record.mjs";
import { benchServerEnv } from "./server-env.mjs";

const { values } = parseArgs({
  options: { products: { type: "string" }, variants: { type: "string" }, only: { type: "string" } },
});
const ONLY = values.only ?? "";
const PAGES_PER_SECOND = 25;
const PRODUCTS = Number(values.products ?? 20000);
const VARIANTS = Number(values.variants ?? PRODUCTS * 4.5);
const FILE = "data/bench-import.csv";
const CULTURES = ["fr", "nl", "es", "de", "it", "pt"];
const COLOURS = [
  ["Rouge", "#c0392b"],
  ["Bleu", "#2e5e8c"],
  ["Vert", "#2e8c4a"],
  ["Noir", "#111111"],
  ["Blanc", "#ffffff"],
];
const SIZES = ["S", "M", "L", "XL"];

async function writeCsv() {
  mkdirSync("data", { recursive: true });
  const out = createWriteStream(FILE);
  const write = (line) => (out.write(`${line}\n`) ? Promise.resolve() : new Promise((r) => out.once("drain", r)));
  await write(
    [
      "product_key",
      "sku",
      "ean",
      ...CULTURES.map((c) => `name.${c}`),
      ...CULTURES.map((c) => `description.${c}`),
      "category",
      "brand",
      "attribute.colour",
      "attribute.size",
      "colour_codes",
      "price",
      "tier_prices",
      "min_qty",
      "max_qty",
      "step",
      "stock.BRU",
      "stock.ANR",
      "stock.RTM",
      "stock.LIL",
      "published",
    ].join(","),
  );
  let row = 0;
  for (let product = 0; product < PRODUCTS; product++) {
    // 90,000 variants over 20,000 products: every product has four or five (colour × size).
    const count = Math.floor(((product + 1) * VARIANTS) / PRODUCTS) - Math.floor((product * VARIANTS) / PRODUCTS);
    const names = CULTURES.map((c) => `Article ${product} ${c}`);
    const descriptions = CULTURES.map(
      (c) => `"Description ${c} de l'article ${product}, sur deux lignes,\nlavable à 30 °C."`,
    );
    for (let n = 0; n < count; n++, row++) {
      const [colour, code] = COLOURS[Math.floor(n / SIZES.length) % COLOURS.length];
      const size = SIZES[n % SIZES.length];
      await write(
        [
          `BENCH-${product}`,
          `BENCH-${product}-${colour}-${size}`,
          "",
          ...names,
          ...descriptions,
          `Bench > Rayon ${product % 20}`,
          `Marque ${product % 10}`,
          colour,
          size,
          code,
          `${10 + (product % 90)}.90`,
          "10:9.50;50:9.00",
          "1",
          "",
          "1",
          String(row % 7),
          String(row % 5),
          "0",
          String(row % 3),
          "true",
        ].join(","),
      );
    }
  }
  await new Promise((r) => out.end(r));
}

/** The CLI: `npm run admin -- import FILE`, a new catalogue then the same file again (every row unchanged). */
function cli(label, env) {
  for (const pass of ["new", "again"]) {
    const result = spawnSync(process.execPath, ["--import", "tsx", "src/server/db/admin.ts", "import", FILE], {
      env: { ...process.env, ...env, NODE_ENV: "production", LOG_LEVEL: "warn" },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    say(`${label}, CLI, ${pass}: ${result.stdout.trim().split("\n")[0]}`);
    if (result.status !== 0) process.exitCode = 1;
  }
}

const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * The API: the production server on a fresh shop, the file streamed to POST /api/v1/admin/catalog/import
 * (new, then again), while shoppers load the list and a product page, 25 a second; the
 * server's memory read from /proc every 100 ms.
 */
async function api(label, env) {
  const port = 4690;
  const base = `http://127.0.0.1:${port}`;
  const serverEnv = benchServerEnv(port, {
    ...env,
    LOG_LEVEL: "warn",
    IMPORT_MAX_MB: "1000",
    ASSETS_DIR: "data/bench-import-assets",
  });
  const made = spawnSync(
    process.execPath,
    ["--import", "tsx", "src/server/db/admin.ts", "create-token", "--name", "bench", "--scopes", "catalog:write"],
    { env: serverEnv, encoding: "utf8" },
  );
  const token = made.stdout.trim().split("\n").at(-1);
  const child = spawn(process.execPath, [...(process.env.BENCH_SERVER_ARGS?.split(" ") ?? []), "dist/main.mjs"], {
    env: serverEnv,
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (let i = 0; ; i++) {
      if ((await fetch(`${base}/readyz`).catch(() => null))?.ok) break;
      if (i > 600) throw new Error("the server did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
    const slug = /href="\/fr\/p\/([^"]+)"/.exec(await (await fetch(`${base}/fr/`)).text())?.[1];
    const pages = [`${base}/fr/c/vetements`, `${base}/fr/p/${slug}`];
    // The shop's stated peak (docs/performance.md): 50 shoppers each opening a page every two seconds.
    // They browse from the start: the server's memory under their load is the baseline.
    const browser = new Worker(new URL("./paced-pages.mjs", import.meta.url), {
      workerData: { pages, perSecond: PAGES_PER_SECOND },
    });
    const pagesSent = (window) =>
      new Promise((resolve) => {
        browser.once("message", resolve);
        browser.postMessage(window);
      });
    await new Promise((r) => setTimeout(r, 5000));
    for (const pass of ["new", "again"]) {
      const before = rssOf(child.pid);
      let peak = before;
      const memory = setInterval(() => (peak = Math.max(peak, rssOf(child.pid))), 100);
      const from = Date.now();
      const started = performance.now();
      const answer = await fetch(`${base}/api/v1/admin/catalog/import`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/csv" },
        body: Readable.toWeb(createReadStream(FILE)),
        duplex: "half",
      });
      const report = await answer.json();
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      clearInterval(memory);
      // Pages sent while the import ran; then those of the second after it (its commit makes the shop's
      // memos and cached pages be built again, on the bigger catalogue).
      const to = Date.now();
      await new Promise((r) => setTimeout(r, 2000));
      const { ms: times, failed: failures, slowest } = await pagesSent({ from, to });
      const after = await pagesSent({ from: to, to: to + 1000 });
      const sorted = times.sort((x, y) => x - y);
      say(
        `${label}, API, ${pass}: ${report.Rows} rows in ${seconds} s (${answer.status}; ${report.Created} created, ${report.Updated} updated, ${report.Unchanged} unchanged, ${report.ErrorCount} errors), server memory +${Math.round(peak - before)} MB (peak ${Math.round(peak)} MB); pages meanwhile: ${sorted.length} answers, ${failures} failed, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms (slowest, sent at ms:took ms: ${slowest.join(" ")}); in the second after: ${after.ms.length} answers, ${after.failed} failed, max ${Math.round(Math.max(0, ...after.ms))} ms`,
      );
      if (!answer.ok || !report.Applied) process.exitCode = 1;
    }
    await browser.terminate();
  } finally {
    child.kill("SIGINT");
    await new Promise((r) => child.once("exit", r));
  }
}

function seed(env) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "src/server/db/cli.ts", "seed", "--products", "20"], {
    env: { ...process.env, ...env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error("seed failed");
}

async function fresh(url) {
  if (url.startsWith("postgres")) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("drop schema public cascade; create schema public");
    await client.end();
  } else for (const suffix of ["", "-wal", "-shm"]) rmSync(`${url}${suffix}`, { force: true });
  seed({ DATABASE_URL: url });
}

const { say, write } = recorder("npm run bench:import --");
if (!existsSync("dist/main.mjs"))
  throw new Error("run `npm run build` first: the API is measured on the production build");
await writeCsv();
const databases = [["SQLite", "data/bench-import.sqlite"]];
if (process.env.BENCH_POSTGRES_URL) databases.push(["PostgreSQL", process.env.BENCH_POSTGRES_URL]);
for (const [name, url] of databases) {
  const label = `${name}, ${PRODUCTS} products, ${VARIANTS} variants`;
  if (ONLY !== "api") {
    await fresh(url);
    cli(label, { DATABASE_URL: url });
  }
  if (ONLY !== "cli") {
    await fresh(url);
    await api(label, { DATABASE_URL: url });
  }
}
write();
