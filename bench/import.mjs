// `npm run bench:import`: a catalogue CSV of 20,000 variant rows (5,000 products in six languages, four
// warehouses) imported through `npm run admin -- import` into a fresh demo shop, then imported again
// (every row unchanged), with the time and the importer's peak memory. Not a test: figures move.
// Options: --rows N (default 20000). BENCH_POSTGRES_URL=postgres://.../db to also measure PostgreSQL
// (that database is emptied first).
import { spawnSync } from "node:child_process";
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import { parseArgs } from "node:util";
import pg from "pg";

const { values } = parseArgs({ options: { products: { type: "string" }, variants: { type: "string" } } });
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

function run(label, env) {
  for (const pass of ["new", "again"]) {
    const result = spawnSync(process.execPath, ["--import", "tsx", "src/server/db/admin.ts", "import", FILE], {
      env: { ...process.env, ...env, NODE_ENV: "production", LOG_LEVEL: "warn" },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    console.log(`${label}, ${pass}: ${result.stdout.trim().split("\n")[0]}`);
    if (result.status !== 0) process.exitCode = 1;
  }
}

function seed(env) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "src/server/db/cli.ts", "seed", "--products", "20"], {
    env: { ...process.env, ...env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error("seed failed");
}

await writeCsv();
const sqlite = "data/bench-import.sqlite";
for (const suffix of ["", "-wal", "-shm"]) rmSync(`${sqlite}${suffix}`, { force: true });
seed({ DATABASE_URL: sqlite });
run(`SQLite, ${PRODUCTS} products, ${VARIANTS} variants`, { DATABASE_URL: sqlite });
if (process.env.BENCH_POSTGRES_URL) {
  const client = new pg.Client({ connectionString: process.env.BENCH_POSTGRES_URL });
  await client.connect();
  await client.query("drop schema public cascade; create schema public");
  await client.end();
  seed({ DATABASE_URL: process.env.BENCH_POSTGRES_URL });
  run(`PostgreSQL, ${PRODUCTS} products, ${VARIANTS} variants`, { DATABASE_URL: process.env.BENCH_POSTGRES_URL });
}
