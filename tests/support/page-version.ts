import { sql } from "kysely";
import { db } from "../../src/server/db/client";
import type { Dialect } from "../../src/server/db/migrations/index";
import { postgresPageVersion, sqlitePageVersion, TagVersions } from "../../src/server/page-cache/page-version";
import { registerPublicVersion } from "../../src/server/page-cache/registry";
import type { TestDatabase } from "./db";

/** Waits for a condition the database reports asynchronously (PostgreSQL notifications). */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The version of public data of a test database, read as the production server reads it (decision 050):
 * the SQLite file on a connection of its own, or PostgreSQL's notifications. Known once it answers.
 */
export async function testPageVersion(dialect: Dialect, database: TestDatabase) {
  let source: ReturnType<typeof sqlitePageVersion>;
  if (dialect === "sqlite") {
    const file = (
      await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(database.handle.db)
    ).rows[0]?.file;
    source = sqlitePageVersion(file as string);
  } else {
    // The test database's own address: its connections carry its application_name.
    source = postgresPageVersion(database.url, () => {});
  }
  await until(() => source.current() !== null);
  return source;
}

/**
 * A version of public data the test moves by hand, registered as the production server registers the
 * database's: the test decides when public data "changed" (`set`, `bump`), or only a tag's data
 * (`bumpTag`: an order's stock). `set(null)` makes it unknown.
 */
export function handPageVersion(start: number | null) {
  let value = start;
  let mark = 0;
  const tags = new TagVersions();
  const versions = new Map<string, number>();
  registerPublicVersion({
    current: () => value,
    nextScheduled: async () => null,
    tagMark: () => mark,
    tagVersions: (names, since) => tags.versions(names, since),
    tagsCurrent: (recorded) => tags.current(recorded),
    close: async () => {},
  });
  return {
    set: (next: number | null) => (value = next),
    bump: () => (value = (value ?? 0) + 1),
    bumpTag: (tag: string) => {
      const next = (versions.get(tag) ?? 0) + 1;
      versions.set(tag, next);
      mark += 1;
      tags.set(tag, next, mark);
    },
  };
}

/** The one version of everything public, as committed (a write that changed nothing leaves it). */
export async function committedPageVersion(): Promise<number> {
  const { rows } = await sql<{ version: number | string }>`select version from page_version where id = 1`.execute(db());
  return Number(rows[0]?.version);
}
