/** Names of what the tests make in PostgreSQL: template databases and test databases, per test run. */
export const TEMPLATE_PREFIX = "vt_tmpl_";
export const TEST_DATABASE_PREFIX = "vt_t_";

/**
 * This test run's id (seconds since 1970): set once by tests/support/global-setup.ts, before vitest
 * starts its processes, which inherit it; a file run on its own (no global setup) makes its own.
 */
export function testRun(): string {
  process.env.VITRINE_TEST_RUN ??= String(Math.floor(Date.now() / 1000));
  return process.env.VITRINE_TEST_RUN;
}

/** The run id a database name carries, or null for a name that is not one of ours. */
export function runOf(name: string): number | null {
  const match = new RegExp(`^(?:${TEMPLATE_PREFIX}|${TEST_DATABASE_PREFIX})(\\d+)_`).exec(name);
  return match ? Number(match[1]) : null;
}
