import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { testPageVersion, until } from "../../../tests/support/page-version";
import type { sqlitePageVersion } from "./page-version";

describe.each(DIALECTS)("the version of public data on %s", (dialect) => {
  let database: TestDatabase;
  let source: ReturnType<typeof sqlitePageVersion>;

  afterAll(async () => {
    await source?.close();
    await database?.close();
  });

  it("moves with every committed change of prices, stock, products, categories and content, not before", async () => {
    database = await createTestDatabase(dialect, { products: 3 });
    const { db } = database.handle;
    source = await testPageVersion(dialect, database);

    const changes = [
      sql`update prices set amount_tax_excl = amount_tax_excl + 1`,
      sql`update stock set quantity = quantity + 2`,
      sql`update product_translations set name = name || '!'`,
      sql`update category_translations set name = name || '!'`,
      sql`insert into settings (key, value) values ('PageCacheTest', 'x')`,
    ];
    for (const change of changes) {
      const before = source.current() as number;
      await change.execute(db);
      await until(() => (source.current() as number) > before);
    }

    // A transaction moves it once, at commit; one rolled back does not move it at all.
    const before = source.current() as number;
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`update stock set quantity = quantity + 1`.execute(trx);
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    await db.transaction().execute(async (trx) => {
      await sql`update stock set quantity = quantity + 1`.execute(trx);
      await sql`update prices set amount_tax_excl = amount_tax_excl - 1`.execute(trx);
      if (dialect === "postgres") expect(source.current()).toBe(before);
    });
    await until(() => source.current() !== before);
    if (dialect === "postgres") expect(source.current()).toBe(before + 1);

    // The next moment a page changes by itself: a banner's end, a news item going live.
    const since = Date.now();
    expect(await source.nextScheduled(since + 10 * 365 * 86_400_000)).toBeNull();
    const now = new Date().toISOString();
    await sql`insert into banners (key, end_at, published, updated_at)
      values ('page-cache-test', ${new Date(since + 60_000).toISOString()}, 1, ${now})`.execute(db);
    expect(await source.nextScheduled(since)).toBe(since + 60_000);
    expect(await source.nextScheduled(since + 60_000)).not.toBe(since + 60_000);

    // Data no public page shows leaves it alone.
    const settled = source.current();
    await sql`delete from sessions`.execute(db);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(source.current()).toBe(settled);
  });

  it.runIf(dialect === "postgres")(
    "is unknown while its notifications are lost, and known again once they are back",
    async () => {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${database.applicationName} and pid <> pg_backend_pid() and query ilike '%page_version%'`.execute(
        database.handle.db,
      );
      await until(() => source.current() === null);
      await until(() => source.current() !== null, 10_000);
      const before = source.current() as number;
      await sql`update stock set quantity = quantity + 1`.execute(database.handle.db);
      await until(() => (source.current() as number) > before);
    },
  );
});
