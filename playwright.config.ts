import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "./tests/support/chromium.mjs";

const PORT = Number(process.env.E2E_PORT ?? 4399);
// The server's database, also known to the test workers (they inherit this environment): a few tests
// put in what no API accepts any more, as an older version could have written it.
process.env.E2E_DATABASE ??= `data/e2e-${Date.now()}.sqlite`;

/** Browser tests run against the built production server on a database of their own. */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  // Screenshot baselines (tests/e2e/screens.spec.ts), one per name, whatever the platform: CI runs on
  // this same machine image with the same fonts.
  snapshotPathTemplate: "{testDir}/__screenshots__/{testFileName}/{arg}{ext}",
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A failed test leaves its trace in test-results/ (npx playwright show-trace ...).
    trace: "retain-on-failure",
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: {
    command: "node --enable-source-maps dist/main.mjs",
    url: `http://127.0.0.1:${PORT}/fr/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      SITE_URL: `http://127.0.0.1:${PORT}`,
      DATABASE_URL: process.env.E2E_DATABASE,
      ASSETS_DIR: "data/test-assets",
      SEED_PRODUCTS: "60",
      ENABLE_DEV_ISLANDS: "true",
      // Every test signs in from 127.0.0.1: the whole suite (and --repeat-each) must fit in one window.
      SIGN_IN_ATTEMPTS_PER_IP: "1000",
      // ...and opens its sessions from there too.
      SESSIONS_PER_IP_PER_HOUR: "100000",
    },
  },
});
