import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/db";
import { sweeperRun } from "./background";
import { parseEnv, resetEnvForTests } from "./config/env";
import { db, openDatabase } from "./db/client";
import { metricsText } from "./observability/metrics";

describe("a sweeper across processes on PostgreSQL", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(() => database.close());

  it("runs in one process at a time; a process that dies leaves the work to the next run", async () => {
    const runs = async (result: string) =>
      Number(
        (await metricsText()).match(
          new RegExp(`^vitrine_sweeper_runs_total\\{sweeper="test",result="${result}"\\} (\\d+)`, "m"),
        )?.[1] ?? 0,
      );
    const skippedBefore = await runs("skipped");
    let release: () => void = () => {};
    const holding = sweeperRun("test", () => new Promise<string>((resolve) => (release = () => resolve("first"))));
    // Another process's run (another connection) while the first holds the work: skipped.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await sweeperRun("test", async () => "second")).toBeUndefined();
    expect(await runs("skipped")).toBe(skippedBefore + 1);
    release();
    expect(await holding).toBe("first");
    expect(await sweeperRun("test", async () => "third")).toBe("third");

    // The holder's connection dies mid-run (its process killed): the lock goes with it.
    let crash: (error: Error) => void = () => {};
    const stuck = sweeperRun("test", () => new Promise<string>((_, reject) => (crash = reject)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const name = database.applicationName as string;
    await sql`select pg_terminate_backend(pid) from pg_locks join pg_stat_activity using (pid)
      where locktype = 'advisory' and application_name = ${name}`.execute(db());
    // The backend ends a moment after it is told to: the next runs take the work as soon as it has.
    await vi.waitFor(async () => expect(await sweeperRun("test", async () => "taken over")).toBe("taken over"), {
      timeout: 3000,
      interval: 100,
    });
    // The killed run ends (here its promise fails; a killed process would just be gone) and gives its
    // connection back: the database closes.
    crash(new Error("killed"));
    expect(await stuck).toBeUndefined();
  });

  it("with an interval, runs once per interval whichever process's timer fires; a late run goes to the next", async () => {
    let runs = 0;
    const sweep = () => sweeperRun("lease-test", async () => ++runs, 60_000);
    // Three processes start: the first sweeps, the two others find it done.
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBeUndefined();
    expect(await sweep()).toBeUndefined();
    // The process that swept is gone: a minute later the next timer to fire finds the run due.
    await sql`update sweeper_runs set last_run_ms = last_run_ms - 60000 where name = 'lease-test'`.execute(db());
    expect(await sweep()).toBe(2);
    expect(await sweep()).toBeUndefined();
    expect(runs).toBe(2);
  });
});

describe("settings for many processes", () => {
  it("caps each process's PostgreSQL connections at DATABASE_POOL_MAX, and prefixes Redis keys", async () => {
    expect(parseEnv({}).DATABASE_POOL_MAX).toBe(10);
    expect(parseEnv({}).REDIS_PREFIX).toBe("vitrine:");
    expect(parseEnv({ REDIS_PREFIX: "shop2:staging:" }).REDIS_PREFIX).toBe("shop2:staging:");
    expect(() => parseEnv({ REDIS_PREFIX: "with space" })).toThrow(/REDIS_PREFIX/);
    expect(() => parseEnv({ DATABASE_POOL_MAX: "0" })).toThrow(/DATABASE_POOL_MAX/);
    // A sweeper holds one connection for its lock while its work takes another.
    expect(() => parseEnv({ DATABASE_POOL_MAX: "1" })).toThrow(/DATABASE_POOL_MAX/);
    process.env.DATABASE_POOL_MAX = "2";
    resetEnvForTests();
    const handle = openDatabase(process.env.TEST_POSTGRES_URL as string);
    try {
      let waited = 0;
      const queries = Array.from({ length: 6 }, () => sql`select pg_sleep(0.05)`.execute(handle.db));
      const watch = setInterval(() => {
        const stats = handle.poolStats?.();
        expect(stats?.total).toBeLessThanOrEqual(2);
        waited = Math.max(waited, stats?.waiting ?? 0);
      }, 5);
      await Promise.all(queries);
      clearInterval(watch);
      expect(waited).toBeGreaterThan(0);
    } finally {
      delete process.env.DATABASE_POOL_MAX;
      resetEnvForTests();
      await handle.db.destroy();
    }
  });
});
