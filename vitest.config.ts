import { fileURLToPath } from "node:url";
import { getViteConfig } from "astro/config";

// Astro's Vite setup: a test can render .astro components (the variant answer carries some as HTML).
export default getViteConfig({
  // `~/` is src/ (tsconfig.json, astro.config.mjs): kernel and cross-feature imports.
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts"],
    environment: "node",
    // Database tests each copy their own database from a template; keep files apart, tests in order.
    pool: "forks",
    // Two files at a time (vitest takes one on a two-core machine): most of a database test's time is
    // waiting on PostgreSQL, a timer or a hash, and each file has its own database.
    // Not isolated: each process imports the shop's modules once for all its files (collecting them took
    // 318 s of the 452 s run on 2026-12-02; 30 s now). Every test database makes itself the process's
    // (tests/support/db.ts resets the session store, the rate limiter and the memos) and `withSettings`
    // restores what it set; the suite passed in file order and shuffled (--sequence.shuffle.files).
    poolOptions: { forks: { maxForks: 2, minForks: 1, isolate: false } },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ["tests/support/vitest.setup.ts"],
    // Drops the template databases the run made (tests/support/db.ts), and those of runs long over.
    globalSetup: ["tests/support/global-setup.ts"],
  },
});
