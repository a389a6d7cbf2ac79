import { sql } from "kysely";
import { sweeperRun } from "../background";
import { type DbHandle, database } from "./client";

/** How often a SQLite shop refreshes its query planner's statistics (SQLite's advice: hourly to daily). */
export const STATISTICS_EVERY_MS = 60 * 60_000;

/**
 * SQLite: the query planner's statistics for the tables that need them (`PRAGMA optimize`, which
 * samples a bounded number of rows itself). SQLite gathers none by itself: a shop that grew through
 * the API, the staff pages or orders (rather than an import, which counts what it wrote, decision 083)
 * would be planned as the empty shop it once was. 0x10002 looks at every table, used or not by this
 * connection yet. PostgreSQL: nothing (autovacuum does it).
 */
export async function refreshPlannerStatistics(handle: DbHandle = database()): Promise<void> {
  if (handle.dialect !== "sqlite") return;
  // In a transaction: it may write (sqlite_stat1) but SQLite calls the statement read-only, so on its
  // own it would not wait for the gate (sqlite-gate.ts) and would meet a long write's lock.
  await handle.db.transaction().execute((trx) => sql`pragma optimize = 0x10002`.execute(trx));
}

/** Once at start, then every STATISTICS_EVERY_MS (SQLite only); the returned function stops it. */
export function startStatisticsSweeper(): () => void {
  if (database().dialect !== "sqlite") return () => {};
  // A failure is counted and logged by sweeperRun; the next run retries.
  const sweep = () => sweeperRun("planner-statistics", () => refreshPlannerStatistics(), STATISTICS_EVERY_MS);
  void sweep();
  const timer = setInterval(sweep, STATISTICS_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
