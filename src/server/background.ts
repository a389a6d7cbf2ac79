import { sql } from "kysely";
import { env } from "./config/env";
import { database } from "./db/client";
import { log } from "./observability/log";
import { sweeperRuns } from "./observability/metrics";

/**
 * Work done after the answer is sent, where the answer must not depend on it (a reset request answers
 * the same, in the same time, whether the address has an account). Each task starts at once, runs
 * beside the answer, and logs its failure; `backgroundSettled` waits for every task still running (the
 * graceful shutdown, and tests that read what a task wrote).
 */
// On globalThis: the server's entry and the pages' bundle each hold a copy of this module.
const shared = globalThis as { vitrineBackground?: Set<Promise<void>> };
shared.vitrineBackground ??= new Set();
const running = shared.vitrineBackground;

export function afterAnswer(label: string, task: () => Promise<void>): void {
  const done: Promise<void> = Promise.resolve()
    .then(task)
    .catch((error) => log().error({ err: error, task: label }, "background task failed"))
    .finally(() => running.delete(done));
  running.add(done);
}

export async function backgroundSettled(): Promise<void> {
  while (running.size) await Promise.all([...running]);
}

/** A PostgreSQL advisory-lock key of its own for each sweeper's name. */
function lockKey(name: string): number {
  let hash = 7_301_100;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/**
 * Runs `run` unless another process is running the same work, or (with `everyMs`) ran it less than
 * nine tenths of that interval ago: on PostgreSQL the process holds an advisory lock named after it on
 * a connection of its own while it runs (a process that dies drops its connection, so the next run
 * elsewhere takes the work over), and the time of the last run is kept in `sweeper_runs`, on the
 * database's clock. SQLite is one machine: it just runs.
 */
async function exclusively<T>(
  name: string,
  run: () => Promise<T>,
  everyMs?: number,
): Promise<{ ran: boolean; value?: T }> {
  const handle = database();
  if (handle.dialect !== "postgres") return { ran: true, value: await run() };
  // Each run holds a pooled connection for its lock while its work takes others: four starting together
  // on a pool of four (DATABASE_POOL_MAX) held every connection and waited for a fifth for ever, the
  // readiness check with them. At most the pool less one hold a lock at once; the others wait their turn.
  await lockHolders.acquire();
  try {
    return await holdingLock(name, run, everyMs);
  } finally {
    lockHolders.release();
  }
}

/** Sweeper runs holding a connection for their lock, at most DATABASE_POOL_MAX - 1 at once. */
const lockHolders = {
  holding: 0,
  waiting: [] as (() => void)[],
  async acquire(): Promise<void> {
    if (this.holding < Math.max(1, env().DATABASE_POOL_MAX - 1)) {
      this.holding += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  },
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.holding -= 1;
  },
};

function holdingLock<T>(name: string, run: () => Promise<T>, everyMs?: number): Promise<{ ran: boolean; value?: T }> {
  return database()
    .db.connection()
    .execute(async (connection) => {
      const key = lockKey(name);
      const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_lock(${key}) as got`.execute(connection);
      if (!rows[0]?.got) return { ran: false };
      try {
        if (everyMs !== undefined) {
          const last = await sql<{
            ago: string;
          }>`select (extract(epoch from clock_timestamp()) * 1000)::bigint - last_run_ms as ago
          from sweeper_runs where name = ${name}`.execute(connection);
          const ago = last.rows[0] ? Number(last.rows[0].ago) : Number.POSITIVE_INFINITY;
          if (ago < everyMs * 0.9) return { ran: false };
          await sql`insert into sweeper_runs (name, last_run_ms) values (${name}, (extract(epoch from clock_timestamp()) * 1000)::bigint)
          on conflict (name) do update set last_run_ms = excluded.last_run_ms`.execute(connection);
        }
        return { ran: true, value: await run() };
      } finally {
        await sql`select pg_advisory_unlock(${key})`.execute(connection);
      }
    });
}

/**
 * One run of a background sweeper, in one process at a time across all of them (with `everyMs`, once
 * per interval across them: the timer of each process fires, the first one due runs): counted by result in
 * the metrics (`ok`, `skipped` when another process had it, `error`), a failure logged (the next run
 * retries).
 */
export function sweeperRun<T>(sweeper: string, run: () => Promise<T>, everyMs?: number): Promise<T | undefined> {
  return exclusively(sweeper, run, everyMs).then(
    (outcome) => {
      sweeperRuns().inc({ sweeper, result: outcome.ran ? "ok" : "skipped" });
      return outcome.value;
    },
    (error: unknown) => {
      sweeperRuns().inc({ sweeper, result: "error" });
      log().error({ err: error, sweeper }, "sweeper run failed; the next run retries");
      return undefined;
    },
  );
}
