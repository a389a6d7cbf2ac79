import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll } from "vitest";
import { type DbHandle, migrateToLatest, openDatabase, setProcessDatabase } from "../../src/server/db/client";
import type { Dialect } from "../../src/server/db/migrations/index";
import { seedDemoShop } from "../../src/server/db/seed/seed";
import { setRateLimiter } from "../../src/server/security/rate-limit";
import { setSessionStore } from "../../src/server/session/session";

/**
 * Both databases. Suites named "... on postgres" run when TEST_POSTGRES_URL is set (CI sets it); without
 * it they are skipped and counted as skipped (tests/support/vitest.setup.ts).
 */
export const DIALECTS: Dialect[] = ["sqlite", "postgres"];

export interface TestDatabase {
  handle: DbHandle;
  /** PostgreSQL: the application_name of this database's connections (to terminate only ours). */
  applicationName?: string;
  /** Its DATABASE_URL, for a second connection or a child process. */
  url: string;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database of the dialect: a temporary SQLite file, or a schema of its own on
 * PostgreSQL (dropped on close). Optionally seeded with a small demo shop. Becomes the process database.
 */
export async function createTestDatabase(
  dialect: Dialect,
  seed?: { products: number; seed?: number },
): Promise<TestDatabase> {
  let handle: DbHandle;
  let drop: (() => Promise<void>) | undefined;
  let applicationName: string | undefined;
  let databaseUrl: string;
  if (dialect === "postgres") {
    const base = process.env.TEST_POSTGRES_URL as string;
    const schema = `t_${randomBytes(6).toString("hex")}`;
    const admin = openDatabase(base);
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    await admin.db.destroy();
    const url = new URL(base);
    url.searchParams.set("options", `-c search_path=${schema}`);
    url.searchParams.set("application_name", schema);
    applicationName = schema;
    databaseUrl = url.toString();
    handle = openDatabase(databaseUrl);
    drop = async () => {
      await handle.db.destroy();
      const cleanup = openDatabase(base);
      await sql`drop schema ${sql.id(schema)} cascade`.execute(cleanup.db);
      await cleanup.db.destroy();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), "vitrine-test-"));
    databaseUrl = join(dir, "test.sqlite");
    handle = openDatabase(databaseUrl);
  }
  await migrateToLatest(handle);
  if (seed) await seedDemoShop(handle, { products: seed.products, seed: seed.seed ?? 1 });
  setProcessDatabase(handle);
  setSessionStore(undefined);
  setRateLimiter(undefined);
  return {
    handle,
    url: databaseUrl,
    ...(applicationName ? { applicationName } : {}),
    close: async () => {
      setProcessDatabase(undefined);
      if (drop) await drop();
      else await handle.db.destroy();
    },
  };
}

/** A fresh database of the dialect for the suite it is called in: created before its tests, closed after. */
export function useTestDatabase(dialect: Dialect, seed?: { products: number; seed?: number }): void {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, seed);
  });
  afterAll(async () => {
    await database?.close();
  });
}
