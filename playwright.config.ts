import { readdirSync } from "node:fs";
import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";
import { TEST_CHROMIUM_LAUNCH } from "./tests/support/chromium.mjs";

/**
 * Browser tests run against the built production server. Each worker starts its own server on its own
 * database (tests/support/e2e-server.ts), so workers run side by side; files are spread over them.
 *
 * `E2E_SHUFFLE=<seed>` runs the spec files in an order drawn from the seed (`E2E_SAMPLE=<n>` keeps the
 * first n), one after the other on one database that every file's server shares: a test that needs
 * another's data, or is hurt by it, fails there. Playwright itself runs files in alphabetical order.
 */
const shuffle = process.env.E2E_SHUFFLE;
// The run's shared database is new each run: workers inherit the stamp the main process sets.
if (shuffle) process.env.E2E_SHUFFLE_RUN ??= String(Date.now());

function shuffledFiles(seed: number, sample: number): string[] {
  const files = readdirSync("tests/e2e")
    .filter((f) => f.endsWith(".spec.ts"))
    .sort();
  // mulberry32: a small seeded generator, so an order that failed can be run again.
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = files.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [files[i], files[j]] = [files[j] as string, files[i] as string];
  }
  return files.slice(0, sample);
}

const shuffled: Partial<PlaywrightTestConfig> = shuffle
  ? {
      workers: 1,
      // One project per file, in the drawn order: Playwright runs projects in the order listed.
      projects: shuffledFiles(Number(shuffle), Number(process.env.E2E_SAMPLE ?? 1000)).map((file) => ({
        name: file,
        testMatch: file,
      })),
    }
  : {};

export default defineConfig({
  testDir: "tests/e2e",
  // Files spread over the workers; a file's tests run in order on one (measured: spreading them test by
  // test, fullyParallel, took the same 651 s on this machine).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // CI's machine is at times 2.5 times slower than this one: a test that takes 20 s here needs 50 s there.
  // Long limits cost nothing when tests pass; a test that hangs still fails.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Screenshot baselines (tests/e2e/screens.spec.ts), one per name, whatever the platform: CI runs on
  // this same machine image with the same fonts.
  snapshotPathTemplate: "{testDir}/__screenshots__/{testFileName}/{arg}{ext}",
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    // A failed test leaves its trace in test-results/ (npx playwright show-trace ...).
    trace: "retain-on-failure",
    launchOptions: TEST_CHROMIUM_LAUNCH,
  },
  ...shuffled,
});
