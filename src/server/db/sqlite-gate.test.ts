import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { latch, settledWithin } from "../../../tests/support/settled";
import { type DbHandle, openDatabase } from "./client";

describe("a long write on SQLite (its own connection behind the write gate)", () => {
  let handle: DbHandle;
  afterEach(async () => {
    await handle.db.destroy();
  });

  let file = "";
  async function table() {
    file = join(mkdtempSync(join(tmpdir(), "vitrine-gate-")), "shop.sqlite");
    handle = openDatabase(file);
    await sql`create table t (id integer primary key, who text not null)`.execute(handle.db);
    await handle.db
      .insertInto("t" as never)
      .values({ id: 1, who: "before" } as never)
      .execute();
  }
  const rows = async () =>
    (await sql<{ who: string }>`select who from t order by id`.execute(handle.db)).rows.map((r) => r.who);

  it("lets the shop read what was committed meanwhile, and holds its writes, without holding the event loop", async () => {
    await table();
    const { released, release } = latch();
    let started = () => {};
    const inside = new Promise<void>((resolve) => {
      started = resolve;
    });
    const long = handle.longTransaction?.(async (trx) => {
      await sql`insert into t (id, who) values (2, 'import')`.execute(trx);
      started();
      await released;
    });
    await inside;
    // A read answers at once, from what was committed.
    expect(await rows()).toEqual(["before"]);
    // A write and a transaction wait for the long write, asynchronously: timers still fire.
    const write = sql`insert into t (id, who) values (3, 'shopper')`.execute(handle.db);
    const transaction = handle.db.transaction().execute(async (trx) => {
      await sql`insert into t (id, who) values (4, 'order')`.execute(trx);
    });
    const tick = Date.now();
    expect(await settledWithin(write, 100)).toBe(false);
    expect(Date.now() - tick).toBeLessThan(1000);
    expect(await settledWithin(transaction, 10)).toBe(false);
    expect(await rows()).toEqual(["before"]);
    release();
    await long;
    await write;
    await transaction;
    expect(await rows()).toEqual(["before", "import", "shopper", "order"]);
  });

  it("starts after a shop transaction under way, and gives the gate back when it fails", async () => {
    await table();
    const { released, release } = latch();
    const order = handle.db.transaction().execute(async (trx) => {
      await sql`insert into t (id, who) values (2, 'order')`.execute(trx);
      await released;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const long = handle.longTransaction?.(async (trx) => {
      await sql`insert into t (id, who) values (3, 'import')`.execute(trx);
      throw new Error("the file had an error");
    });
    expect(await settledWithin(long as Promise<unknown>, 50)).toBe(false);
    release();
    await order;
    await expect(long).rejects.toThrow("the file had an error");
    // Nothing of the failed write stays, and the shop writes again at once.
    await sql`insert into t (id, who) values (4, 'shopper')`.execute(handle.db);
    expect(await rows()).toEqual(["before", "order", "shopper"]);
  });

  it("copies its log into the database file off the event loop before the shop writes again", async () => {
    await table();
    const before = statSync(file).size;
    await handle.longTransaction?.(async (trx) => {
      for (let i = 0; i < 40; i++)
        await sql`insert into t (id, who) values (${100 + i}, ${"x".repeat(100_000)})`.execute(trx);
    });
    // Its commit ran no checkpoint (automatic ones are off on its connection): the thread did.
    expect(statSync(file).size - before).toBeGreaterThan(4_000_000);
    await sql`insert into t (id, who) values (2, 'shopper')`.execute(handle.db);
    expect((await rows()).length).toBe(42);
  });
});

describe("the shop connection's mutex", () => {
  it("runs transactions one at a time when many wait at once", async () => {
    const handle = openDatabase(join(mkdtempSync(join(tmpdir(), "vitrine-mutex-")), "shop.sqlite"));
    await sql`create table n (v integer not null)`.execute(handle.db);
    await sql`insert into n (v) values (0)`.execute(handle.db);
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        handle.db.transaction().execute(async (trx) => {
          most = Math.max(most, ++inside);
          const { v } = (await sql<{ v: number }>`select v from n`.execute(trx)).rows[0] as { v: number };
          await new Promise((resolve) => setTimeout(resolve, 1));
          await sql`update n set v = ${v + 1}`.execute(trx);
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect((await sql<{ v: number }>`select v from n`.execute(handle.db)).rows[0]?.v).toBe(20);
    await handle.db.destroy();
  });
});
