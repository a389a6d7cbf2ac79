import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts"],
    environment: "node",
    // Database tests each migrate and seed their own database; keep files apart, tests in order.
    pool: "forks",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ["tests/support/vitest.setup.ts"],
  },
});
