import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { latch, settledWithin } from "../../../tests/support/settled";
import { type DbHandle, openDatabase } from "./client";
import { refreshPlannerStatistics } from "./statistics";

describe("the query planner's statistics on SQLite", () => {
  let handle: DbHandle;
  afterEach(async () => {
    await handle.db.destroy();
  });

  /** A shop's table grown by plain writes (no import, no ANALYZE): 2,000 rows, an index. */
  async function grown() {
    handle = openDatabase(join(mkdtempSync(join(tmpdir(), "vitrine-stats-")), "shop.sqlite"));
    await sql`create table t (id integer primary key, kind integer not null)`.execute(handle.db);
    await sql`create index t_kind on t (kind)`.execute(handle.db);
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000) insert into t select i, i % 7 from n`.execute(
      handle.db,
    );
  }
  const counted = async () => {
    const found = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(
      handle.db,
    );
    if (Number(found.rows[0]?.n) === 0) return null;
    const rows = await sql<{ stat: string }>`select stat from sqlite_stat1 where idx = 't_kind'`.execute(handle.db);
    return Number(rows.rows[0]?.stat.split(" ")[0]);
  };

  it("counts a table that grew without an import", async () => {
    await grown();
    expect(await counted()).toBeNull();
    await refreshPlannerStatistics(handle);
    expect(await counted()).toBe(2000);
  });

  it("waits for a long write's gate like any write, and runs after it", async () => {
    await grown();
    const { released, release } = latch();
    const longWrite = handle.longTransaction?.(async (trx) => {
      await sql`insert into t (id, kind) values (5000, 1)`.execute(trx);
      await released;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refreshing = refreshPlannerStatistics(handle);
    expect(await settledWithin(refreshing, 300)).toBe(false);
    release();
    await longWrite;
    await refreshing;
    expect(await counted()).toBe(2001);
  });
});
