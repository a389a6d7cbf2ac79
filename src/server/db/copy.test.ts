import { spawnSync } from "node:child_process";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/db";
import { CopyRefused, copyShop, tablesInDependencyOrder } from "./copy";

describe("copying a shop from SQLite to PostgreSQL", () => {
  let source: TestDatabase;
  let target: TestDatabase;
  beforeAll(async () => {
    if (!process.env.TEST_POSTGRES_URL) return;
    source = await createTestDatabase("sqlite", { products: 6 });
    target = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it("copies every table with its ids, moves the sequences on, checks the counts, and refuses a target that holds rows", async () => {
    if (!process.env.TEST_POSTGRES_URL) return;
    const order = await tablesInDependencyOrder(source.handle);
    expect(order.indexOf("products")).toBeGreaterThan(order.indexOf("brands"));
    expect(order.indexOf("order_lines")).toBeGreaterThan(order.indexOf("orders"));
    const lines: string[] = [];
    const report = await copyShop(source.handle, target.handle, (line) => lines.push(line));
    expect(report.tables.length).toBe(order.length);
    expect(lines.at(-1)).toMatch(/^copied \d+ rows of \d+ tables in \d+ ms; counts checked$/);
    // Every table holds the same rows on both sides; a few compared whole.
    for (const { name, rows } of report.tables) {
      const { n } = (
        await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(target.handle.db)
      ).rows[0] as { n: number };
      expect(n, name).toBe(rows);
    }
    expect(report.tables.find((t) => t.name === "products")?.rows).toBeGreaterThan(0);
    for (const table of ["customers", "products", "orders", "coupons"] as const) {
      const from = await source.handle.db
        .selectFrom(table)
        .selectAll()
        .orderBy("id" as never)
        .limit(3)
        .execute();
      const to = await target.handle.db
        .selectFrom(table)
        .selectAll()
        .orderBy("id" as never)
        .limit(3)
        .execute();
      expect(to, table).toEqual(from);
    }
    // A new row after the copy gets the next id, not one already taken.
    const before = await target.handle.db
      .selectFrom("coupons")
      .select((eb) => eb.fn.max("id").as("max"))
      .executeTakeFirst();
    const { id: _, ...coupon } = (await target.handle.db
      .selectFrom("coupons")
      .selectAll()
      .executeTakeFirstOrThrow()) as {
      id: number;
    } & Record<string, unknown>;
    const inserted = await target.handle.db
      .insertInto("coupons")
      .values({ ...coupon, code: "AFTERCOPY" } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(inserted.id).toBeGreaterThan(Number(before?.max));
    // The target now holds rows: a second copy is refused, and changes nothing.
    await expect(copyShop(source.handle, target.handle)).rejects.toThrow(CopyRefused);

    // The command line: one line naming the reason when the target is not empty.
    const cli = spawnSync(
      process.execPath,
      ["--import", "tsx", "src/server/db/cli.ts", "copy", "--from", source.url, "--to", target.url],
      { encoding: "utf8", timeout: 60_000, env: { ...process.env, LOG_LEVEL: "silent" } },
    );
    expect(cli.status, cli.stderr).toBe(1);
    expect(cli.stderr.trim(), cli.stderr).toMatch(/^the target is not empty: \w+ has rows$/);
  });
});
