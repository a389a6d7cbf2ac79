import { resolve } from "node:path";
import { beforeAll } from "vitest";
import { setPasswordCostForTests } from "../../src/server/security/password";

// Tests never touch the demo database: each file opens its own (tests/support/db.ts).
process.env.NODE_ENV = "test";
process.env.DATABASE_URL = ":memory:";
// What the server logs (expected errors included) stays out of the test output; tests that read it
// capture it (tests/support/logs.ts).
process.env.LOG_LEVEL ??= "silent";
// Generated product photos are shared between test files (same seed, same pictures).
process.env.ASSETS_DIR = resolve("data/test-assets");
// scrypt with N=2^14 instead of 2^17: the same code, an eighth of the time (password.test.ts checks the real
// cost). The browser tests run the production build, with the real cost.
setPasswordCostForTests(16_384);

/**
 * Without TEST_POSTGRES_URL the PostgreSQL suites (`describe.each(DIALECTS)("... on %s")`) are skipped, so
 * the summary counts them as skipped instead of leaving them out.
 */
if (!process.env.TEST_POSTGRES_URL) {
  type Task = { name: string; mode: string; tasks?: Task[] };
  const skip = (task: Task) => {
    task.mode = "skip";
    for (const child of task.tasks ?? []) skip(child);
  };
  const visit = (task: Task) => {
    for (const child of task.tasks ?? []) {
      if (child.tasks && /\bpostgres$/.test(child.name)) skip(child);
      else visit(child);
    }
  };
  beforeAll((file) => visit(file as unknown as Task));
}
