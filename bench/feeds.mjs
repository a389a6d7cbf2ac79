// `npm run bench:feeds`: the production server on a fresh 20,000-product demo shop (SQLite), then every
// culture's products sitemap and product feed (XML and JSON Lines) asked once uncached and once from the
// page cache: time, size and count of each. Not a test: figures move. Needs `npm run build` first.
// Options: --products N (default 20000), --port P (default 5700).
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { products: { type: "string" }, port: { type: "string" } } });
const PRODUCTS = Number(values.products ?? 20000);
const PORT = Number(values.port ?? 5700);
const DATABASE = "data/bench-feeds.sqlite";
const CULTURES = ["fr", "nl", "es", "de", "it", "pt"];
const COUNTRY = { fr: "be", nl: "nl", es: "es", de: "de", it: "it", pt: "pt" };
const base = `http://127.0.0.1:${PORT}`;

for (const suffix of ["", "-wal", "-shm"]) rmSync(`${DATABASE}${suffix}`, { force: true });
const seeding = Date.now();
const server = spawn(process.execPath, ["dist/main.mjs"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(PORT),
    SITE_URL: base,
    DATABASE_URL: DATABASE,
    SEED_PRODUCTS: String(PRODUCTS),
    ASSETS_DIR: "data/bench-assets",
    COOKIE_SECURE: "false",
  },
  stdio: ["ignore", "pipe", "inherit"],
});
// The server goes with the bench, however it ends (Ctrl-C included).
process.on("exit", () => server.kill("SIGTERM"));
process.on("SIGINT", () => process.exit(130));
await new Promise((resolve, reject) => {
  server.stdout.on("data", (chunk) => String(chunk).includes("listening") && resolve());
  server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
});
console.log(`server up on ${PRODUCTS} products in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);

async function timed(path) {
  const started = performance.now();
  const answer = await fetch(base + path, { headers: { "Accept-Encoding": "identity" } });
  const text = await answer.text();
  const ms = performance.now() - started;
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
  return { ms, bytes: text.length, text, cache: answer.headers.get("x-cache") ?? "-" };
}

const rows = [];
try {
  let total = 0;
  for (const culture of CULTURES) {
    const country = COUNTRY[culture];
    for (const path of [
      `/sitemaps/products-${culture}-1.xml`,
      `/feeds/products.${culture}-${country}.xml`,
      `/feeds/products.${culture}-${country}.jsonl`,
    ]) {
      const cold = await timed(path);
      const warm = await timed(path);
      total += cold.ms;
      const count = path.endsWith(".jsonl")
        ? cold.text.split("\n").filter(Boolean).length
        : (cold.text.match(/<(url|item)>/g) ?? []).length;
      rows.push({
        path,
        count,
        MB: (cold.bytes / 1e6).toFixed(1),
        uncachedMs: Math.round(cold.ms),
        cachedMs: Math.round(warm.ms),
        cache: warm.cache,
      });
    }
  }
  console.table(rows);
  console.log(`all ${rows.length} files uncached: ${(total / 1000).toFixed(1)} s`);
} finally {
  server.kill("SIGTERM");
}
