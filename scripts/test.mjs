// `npm test`: unit and database tests (vitest), then browser tests (Playwright) against a fresh build.
// Ends with one line: "N passed, N failed[, N skipped]".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const OUT = "test-results";
mkdirSync(OUT, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(command, args, env = {}) {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  return spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;
}

// 1. vitest
rmSync(`${OUT}/vitest.json`, { force: true });
const vitestStatus = run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${OUT}/vitest.json`,
]);
if (existsSync(`${OUT}/vitest.json`)) {
  const report = JSON.parse(readFileSync(`${OUT}/vitest.json`, "utf8"));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  // A suite that failed to load counts as a failure too.
  totals.failed += report.testResults.filter((f) => f.status === "failed" && f.assertionResults.length === 0).length;
} else if (vitestStatus !== 0) {
  totals.failed += 1;
}

// 2. Playwright against the production build
const buildStatus = run("npm", ["run", "build"]);
if (buildStatus !== 0) {
  totals.failed += 1;
} else {
  rmSync(`${OUT}/playwright.json`, { force: true });
  const e2eStatus = run("npx", ["playwright", "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${OUT}/playwright.json` });
  if (existsSync(`${OUT}/playwright.json`)) {
    const { stats } = JSON.parse(readFileSync(`${OUT}/playwright.json`, "utf8"));
    totals.passed += stats.expected;
    totals.failed += stats.unexpected + stats.flaky;
    totals.skipped += stats.skipped;
  } else if (e2eStatus !== 0) {
    totals.failed += 1;
  }
}

const line = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`;
console.log(`\n${line}`);
process.exit(totals.failed > 0 ? 1 : 0);
