import { PostgresIntrospector, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/db";
import { CurrentSchemaIntrospector } from "./pg-introspector";

describe("the catalogue as the migrator reads it on postgres", () => {
  let ours: TestDatabase;
  beforeAll(async () => {
    if (!process.env.TEST_POSTGRES_URL) return;
    ours = await createTestDatabase("postgres");
    // Another schema of the same database (as several shops, or tests, side by side once did).
    await sql`create schema elsewhere`.execute(ours.handle.db);
    await sql`create table elsewhere.only_elsewhere (id serial primary key)`.execute(ours.handle.db);
  });
  afterAll(async () => {
    await ours?.close();
  });

  it("lists its own schema's tables, as Kysely's introspector describes them, and no other schema's", async () => {
    if (!process.env.TEST_POSTGRES_URL) return;
    const schema = "public";
    const mine = await new CurrentSchemaIntrospector(ours.handle.db).getTables({ withInternalKyselyTables: true });
    // Kysely's own reads every schema (the one a schema dropped meanwhile fails): the same answer, ours only.
    const everyone = await new PostgresIntrospector(ours.handle.db).getTables({ withInternalKyselyTables: true });
    expect(everyone.some((t) => t.name === "only_elsewhere")).toBe(true);
    expect(mine.some((t) => t.name === "only_elsewhere")).toBe(false);
    expect(mine).toEqual(everyone.filter((t) => t.schema === schema));
    expect(mine.map((t) => t.name)).toEqual(expect.arrayContaining(["customers", "kysely_migration"]));
    const customers = mine.find((t) => t.name === "customers");
    expect(customers?.columns.find((c) => c.name === "id")).toMatchObject({
      isAutoIncrementing: true,
      hasDefaultValue: true,
      isNullable: false,
    });
    // Without Kysely's bookkeeping tables unless asked, as Kysely's does.
    const plain = await new CurrentSchemaIntrospector(ours.handle.db).getTables();
    expect(plain.map((t) => t.name)).not.toContain("kysely_migration");
    expect(plain.length).toBe(mine.length - 2);
    expect((await ours.handle.db.introspection.getSchemas()).map((s) => s.name)).toContain("elsewhere");
  });
});
