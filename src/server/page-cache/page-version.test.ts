import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { testPageVersion, until } from "../../../tests/support/page-version";
import { cuttableProxy } from "../../../tests/support/tcp-proxy";
import { postgresPageVersion, type sqlitePageVersion } from "./page-version";

describe.each(DIALECTS)("the version of public data on %s", (dialect) => {
  let database: TestDatabase;
  let source: ReturnType<typeof sqlitePageVersion>;

  afterAll(async () => {
    await source?.close();
    await database?.close();
  });

  it("moves with every committed change of products, categories and content, not before", async () => {
    database = await createTestDatabase(dialect, { products: 3 });
    const { db } = database.handle;
    source = await testPageVersion(dialect, database);

    const changes = [
      sql`update product_translations set name = name || '!'`,
      sql`update category_translations set name = name || '!'`,
      sql`insert into settings (key, value) values ('PageCacheTest', 'x')`,
      // Product pages and feeds show the cheapest delivery (026).
      sql`update shipping_rates set amount_tax_excl = amount_tax_excl + 1`,
      sql`update shipping_method_translations set name = name || '!'`,
      sql`update shipping_methods set position = position + 1`,
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
        await sql`update product_translations set name = name || '?'`.execute(trx);
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    await db.transaction().execute(async (trx) => {
      await sql`update product_translations set name = name || '?'`.execute(trx);
      await sql`update stock set quantity = quantity + 1`.execute(trx);
      await sql`update category_translations set name = name || '?'`.execute(trx);
      if (dialect === "postgres") expect(source.current()).toBe(before);
    });
    await until(() => source.current() !== before);
    if (dialect === "postgres") expect(source.current()).toBe(before + 1);

    // The next moment a page changes by itself: a banner's end, a news item going live.
    const since = Date.now();
    expect(await source.nextScheduled(since + 10 * 365 * 86_400_000)).toBeNull();
    const now = new Date().toISOString();
    const beforeBanner = source.current() as number;
    await sql`insert into banners (key, end_at, published, updated_at)
      values ('page-cache-test', ${new Date(since + 60_000).toISOString()}, 1, ${now})`.execute(db);
    expect(await source.nextScheduled(since)).toBe(since + 60_000);
    expect(await source.nextScheduled(since + 60_000)).not.toBe(since + 60_000);

    // Data no public page shows leaves it alone (once the banner's own change has come through: on
    // PostgreSQL its notification arrives a moment after the insert).
    await until(() => (source.current() as number) > beforeBanner);
    const settled = source.current();
    await sql`delete from sessions`.execute(db);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(source.current()).toBe(settled);
  });

  it("moves only its product's tag for a change of stock; lists too when it goes in or out of stock, and for prices", async () => {
    const { db } = database.handle;
    const [row, other] = (
      await sql<{ variant_id: number; warehouse_id: number; product_id: number }>`
        select s.variant_id, s.warehouse_id, v.product_id from stock s
        join product_variants v on v.id = s.variant_id order by v.product_id, s.variant_id`.execute(db)
    ).rows.filter((r, i, all) => i === 0 || r.product_id !== all[0]?.product_id);
    if (!row || !other) throw new Error("no stock");
    const own = `product:${row.product_id}`;
    const tags = [own, `product:${other.product_id}`, "lists"];
    const at = (quantity: number) =>
      sql`update stock set quantity = ${quantity} where variant_id = ${row.variant_id} and warehouse_id = ${row.warehouse_id}`;
    // The tag versions as the database has them, once the source knows them too.
    const settled = async () => {
      const rows = (await sql<{ tag: string; version: string }>`select tag, version from page_tag_version`.execute(db))
        .rows;
      const versions = Object.fromEntries(
        tags.map((tag) => [tag, Number(rows.find((r) => r.tag === tag)?.version ?? 0)]),
      );
      await until(() => source.tagsCurrent(versions));
      return versions;
    };
    await at(5).execute(db);
    await settled();

    const global = source.current();
    const step = async (change: () => Promise<unknown>, moved: string[]) => {
      const mark = source.tagMark();
      const before = source.tagVersions(tags, mark) as Record<string, number>;
      expect(before).not.toBeNull();
      await change();
      const after = await settled();
      expect(tags.filter((tag) => after[tag] !== before[tag])).toEqual(moved);
      // What was read before the change is not kept for after it.
      expect(source.tagVersions([own], mark)).toBeNull();
    };
    // An order: fewer units, still in stock.
    await step(() => at(4).execute(db), [own]);
    // The last unit: lists (the in-stock filter, facets) change with it; then back in stock.
    await step(() => at(0).execute(db), [own, "lists"]);
    await step(() => at(3).execute(db), [own, "lists"]);
    await step(
      () =>
        sql`update prices set amount_tax_excl = amount_tax_excl + 1 where variant_id = ${row.variant_id}`.execute(db),
      [own, "lists"],
    );
    // One transaction with stock of two products moves both, once.
    await step(
      () =>
        db.transaction().execute(async (trx) => {
          await sql`update stock set quantity = quantity + 1 where variant_id = ${other.variant_id}`.execute(trx);
          await at(2).execute(trx);
        }),
      [own, `product:${other.product_id}`],
    );
    // None of it moved the version of everything public.
    expect(source.current()).toBe(global);
    // Rolled back: nothing moves.
    const before = source.tagVersions(tags, source.tagMark()) as Record<string, number>;
    await db
      .transaction()
      .execute(async (trx) => {
        await at(1).execute(trx);
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(source.tagsCurrent(before)).toBe(true);
  });

  it.runIf(dialect === "postgres")(
    "is unknown while its notifications are lost, and known again once they are back",
    async () => {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${database.applicationName} and pid <> pg_backend_pid() and query ilike '%page_tag_version%'`.execute(
        database.handle.db,
      );
      await until(() => source.current() === null);
      await until(() => source.current() !== null, 10_000);
      const before = source.current() as number;
      await sql`update products set is_featured = is_featured`.execute(database.handle.db);
      await until(() => (source.current() as number) > before);
    },
  );

  it.runIf(dialect === "postgres")(
    "tells an outage from lost notifications: while PostgreSQL is out of reach, the version pages had then",
    async () => {
      const target = new URL(process.env.TEST_POSTGRES_URL as string);
      const proxy = await cuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const url = new URL(database.url);
      url.port = String(proxy.port);
      const through = postgresPageVersion(url.toString(), () => {});
      try {
        await until(() => through.current() !== null);
        const known = through.current();
        const tags = through.tagVersions(["product:1"], through.tagMark()) as Record<string, number>;
        expect(through.outage?.()).toBeNull();
        await proxy.cut();
        // Lost at once; an outage once connecting again failed (a second later).
        await until(() => through.current() === null);
        await until(() => through.outage?.() != null, 5000);
        const outage = through.outage?.();
        expect(outage?.version).toBe(known);
        expect(outage?.tagsCurrent(tags)).toBe(true);
        expect(outage?.tagsCurrent({ "product:1": (tags["product:1"] ?? 0) + 1 })).toBe(false);
        await proxy.restore();
        await until(() => through.current() !== null, 10_000);
        expect(through.outage?.()).toBeNull();
      } finally {
        await through.close();
        await proxy.cut();
      }
    },
  );
});
