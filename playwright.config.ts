import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "./tests/support/chromium.mjs";

/**
 * Browser tests run against the built production server. Each worker starts its own server on its own
 * database (tests/support/e2e-server.ts), so workers run side by side; files are spread over them.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 30_000,
  // Screenshot baselines (tests/e2e/screens.spec.ts), one per name, whatever the platform: CI runs on
  // this same machine image with the same fonts.
  snapshotPathTemplate: "{testDir}/__screenshots__/{testFileName}/{arg}{ext}",
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    // A failed test leaves its trace in test-results/ (npx playwright show-trace ...).
    trace: "retain-on-failure",
    launchOptions: CHROMIUM_LAUNCH,
  },
});
