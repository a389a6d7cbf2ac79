// `npm test`: unit and database tests (vitest), then browser tests (Playwright) against a fresh build.
// Ends with one line: "N passed, N failed[, N skipped]".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { overBudget, startSampler } from "./test-budget.mjs";
import { playwrightCounts, slowestTests, summary, vitestCounts } from "./test-summary.mjs";

const OUT = "test-results";
mkdirSync(OUT, { recursive: true });

const timings = [];
/** Each part's seconds, for the budget (tests/budgets.json). */
const seconds = {};
// The machine's speed while each part runs: the budgets stretch in its slow phases.
const sampler = startSampler();
/** The fixed task's mean milliseconds while each part ran. */
const calibrationMs = {};

/** Runs one part, its output shown as it comes, and keeps how long it took. */
function run(command, args, env = {}, label = args[0]) {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const started = Date.now();
  const status = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;
  seconds[label] = (Date.now() - started) / 1000;
  calibrationMs[label] = sampler.during(started, Date.now());
  timings.push(`${label} ${seconds[label].toFixed(0)} s`);
  return status;
}

function readReport(path) {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

const parts = [];
if (!process.env.TEST_POSTGRES_URL)
  console.log("PostgreSQL suites are skipped (and counted): set TEST_POSTGRES_URL to run them");

// 1. vitest
rmSync(`${OUT}/vitest.json`, { force: true });
const vitestStatus = run(
  "npx",
  ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${OUT}/vitest.json`],
  {},
  "vitest",
);
const vitestReport = readReport(`${OUT}/vitest.json`);
parts.push(vitestCounts(vitestReport, vitestStatus));
let playwrightReport = null;

// 2. Playwright against the production build
const buildStatus = run("npm", ["run", "build"], {}, "build");
if (buildStatus !== 0) {
  parts.push({
    passed: 0,
    failed: 1,
    skipped: 0,
    errors: [`the build failed (${buildStatus}): no browser test ran`],
    failures: [],
  });
} else {
  rmSync(`${OUT}/playwright.json`, { force: true });
  const e2eStatus = run(
    "npx",
    ["playwright", "test"],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: `${OUT}/playwright.json` },
    "playwright",
  );
  playwrightReport = readReport(`${OUT}/playwright.json`);
  parts.push(playwrightCounts(playwrightReport, e2eStatus));
}

const budget = readReport("tests/budgets.json");
const over = budget ? overBudget(seconds, budget, calibrationMs) : [];
if (over.length > 0) parts.push({ passed: 0, failed: over.length, skipped: 0, errors: over, failures: [] });
const result = summary(parts);
console.log("\nslowest tests:");
for (const line of slowestTests(vitestReport, playwrightReport)) console.log(line);
const speeds = Object.entries(calibrationMs).map(
  ([part, ms]) => `${part} ${ms} ms (budget's ${budget?.parts?.[part]?.calibrationMs ?? "?"} ms)`,
);
console.log(`\ntimes: ${timings.join(", ")}; the fixed task meanwhile: ${speeds.join(", ")}`);
sampler.stop();
for (const failure of result.failures) console.log(`failed: ${failure}`);
for (const error of result.errors) console.log(`runner error: ${error}`);
console.log(`\n${result.line}`);
process.exit(result.failed > 0 ? 1 : 0);
