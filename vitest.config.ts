import { fileURLToPath } from "node:url";
import { getViteConfig } from "astro/config";

// Astro's Vite setup: a test can render .astro components (the variant answer carries some as HTML).
export default getViteConfig({
  // `~/` is src/ (tsconfig.json, astro.config.mjs): kernel and cross-feature imports.
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts"],
    environment: "node",
    // Database tests each migrate and seed their own database; keep files apart, tests in order.
    pool: "forks",
    // Two files at a time (vitest takes one on a two-core machine): most of a database test's time is
    // waiting on PostgreSQL, a timer or a hash, and each file has its own database.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ["tests/support/vitest.setup.ts"],
  },
});
