import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { withStatementCache } from "./statement-cache";

describe("the SQLite statement cache", () => {
  it("prepares each SQL text once, forgets the least recently used beyond its size, and gives right answers", async () => {
    const database = new SQLite(":memory:");
    const prepare = vi.spyOn(database, "prepare");
    const db = new Kysely<{ t: { id: number; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(database, 2) }),
    });
    await sql`create table t (id integer primary key, name text not null)`.execute(db);
    await db.insertInto("t").values({ id: 1, name: "a" }).execute();
    await db.insertInto("t").values({ id: 2, name: "b" }).execute();
    prepare.mockClear();

    const byId = (id: number) => db.selectFrom("t").select("name").where("id", "=", id).executeTakeFirst();
    expect(await byId(1)).toEqual({ name: "a" });
    expect(await byId(2)).toEqual({ name: "b" });
    expect(prepare).toHaveBeenCalledTimes(1);

    // A write through a cached statement is seen by the next read of another.
    await db.updateTable("t").set({ name: "c" }).where("id", "=", 2).execute();
    expect(await byId(2)).toEqual({ name: "c" });
    expect(prepare).toHaveBeenCalledTimes(2);

    // Size 2: a third text pushes out the least recently used (the update), not the read just used.
    await db.selectFrom("t").select("id").execute();
    expect(await byId(1)).toEqual({ name: "a" });
    expect(prepare).toHaveBeenCalledTimes(3);
    await db.updateTable("t").set({ name: "d" }).where("id", "=", 2).execute();
    expect(prepare).toHaveBeenCalledTimes(4);
    await db.destroy();
  });
});
