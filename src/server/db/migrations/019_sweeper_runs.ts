import type { Kysely } from "kysely";

/**
 * When each background sweep last ran, across processes (issue 33): a process's timer runs the sweep
 * only when no process ran it within its interval, so N processes sweep once per interval, not N times;
 * when the process that used to sweep is gone, the next timer elsewhere finds the run late and takes it.
 */
export async function m019_sweeper_runs(anyDb: Kysely<unknown>): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await db.schema
    .createTable("sweeper_runs")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("last_run_ms", "bigint", (c) => c.notNull())
    .execute();
}
