import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll } from "vitest";
import { type DbHandle, migrateToLatest, openDatabase, setProcessDatabase } from "../../src/server/db/client";
import type { Dialect } from "../../src/server/db/migrations/index";
import { seedDemoShop } from "../../src/server/db/seed/seed";
import { setRateLimiter } from "../../src/server/security/rate-limit";
import { setSessionStore } from "../../src/server/session/session";
import { TEMPLATE_PREFIX, TEST_DATABASE_PREFIX, testRun } from "./test-run";

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

type Seed = { products: number; seed?: number } | undefined;

/** What a template is made of: the dialect, and the demo shop's size and seed (none: migrated only). */
const templateKey = (seed: Seed) => (seed ? `p${seed.products}_s${seed.seed ?? 1}` : "bare");

/**
 * The seed writes its product photos to ASSETS_DIR once for every test file (the same seed makes the same
 * pictures): a template made with the test setup's store has them. A test that points the shop at
 * another store (s3rver, a folder of its own) seeds for real, so its store gets them too.
 */
const templated = () => !process.env.ASSETS_S3_URL && process.env.ASSETS_DIR === resolve("data/test-assets");

async function migratedAndSeeded(handle: DbHandle, seed: Seed): Promise<void> {
  await migrateToLatest(handle);
  if (seed) await seedDemoShop(handle, { products: seed.products, seed: seed.seed ?? 1 });
}

/**
 * SQLite: the template is a file, migrated and seeded once per test run and key (the two vitest
 * processes may both make it: each writes its own file and renames it in place, so neither reads half
 * of one), then copied for each test database.
 */
async function sqliteFile(seed: Seed): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "vitrine-test-"));
  const file = join(dir, "test.sqlite");
  if (!templated()) {
    const handle = openDatabase(file);
    await migratedAndSeeded(handle, seed);
    await handle.db.destroy();
    return file;
  }
  const templates = join(tmpdir(), `vitrine-templates-${testRun()}`);
  const template = join(templates, `${templateKey(seed)}.sqlite`);
  if (!existsSync(template)) {
    mkdirSync(templates, { recursive: true });
    const making = `${template}.${process.pid}.${randomBytes(4).toString("hex")}`;
    const handle = openDatabase(making);
    await migratedAndSeeded(handle, seed);
    // One file: the write-ahead log folded into it before it is copied.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(handle.db);
    await sql`pragma journal_mode = DELETE`.execute(handle.db);
    await handle.db.destroy();
    renameSync(making, template);
  }
  copyFileSync(template, file);
  return file;
}

/**
 * PostgreSQL: a database of its own per test database, made from a template database migrated and
 * seeded once per run and key (`CREATE DATABASE ... TEMPLATE`: a file copy, tens of milliseconds,
 * instead of 32 migrations and a seed). The template is made under an advisory lock, so the two vitest
 * processes make it once; tests/support/global-setup.ts drops the run's templates at its end.
 */
async function postgresDatabase(base: string, seed: Seed): Promise<string> {
  const name = `${TEST_DATABASE_PREFIX}${testRun()}_${randomBytes(5).toString("hex")}`;
  const admin = openDatabase(base);
  try {
    if (!templated()) {
      await sql`create database ${sql.id(name)}`.execute(admin.db);
      const url = databaseUrl(base, name);
      const handle = openDatabase(url);
      await migratedAndSeeded(handle, seed);
      await handle.db.destroy();
      return url;
    }
    const template = `${TEMPLATE_PREFIX}${testRun()}_${templateKey(seed)}`;
    await admin.db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(hashtext(${template}))`.execute(connection);
      try {
        const found = await sql`select 1 from pg_database where datname = ${template}`.execute(connection);
        if (found.rows.length === 0) {
          const making = `${template}_making`;
          await sql`drop database if exists ${sql.id(making)}`.execute(connection);
          await sql`create database ${sql.id(making)}`.execute(connection);
          const handle = openDatabase(databaseUrl(base, making));
          await migratedAndSeeded(handle, seed);
          await handle.db.destroy();
          await sql`alter database ${sql.id(making)} rename to ${sql.id(template)}`.execute(connection);
        }
      } finally {
        await sql`select pg_advisory_unlock(hashtext(${template}))`.execute(connection);
      }
    });
    await sql`create database ${sql.id(name)} template ${sql.id(template)}`.execute(admin.db);
    return databaseUrl(base, name);
  } finally {
    await admin.db.destroy();
  }
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  url.searchParams.set("application_name", name);
  return url.toString();
}

/**
 * A fresh, migrated database of the dialect: a temporary SQLite file, or a database of its own on
 * PostgreSQL (dropped on close). Optionally seeded with a small demo shop. Both are copies of a
 * template made once per test run (see above). Becomes the process database.
 */
export async function createTestDatabase(dialect: Dialect, seed?: Seed): Promise<TestDatabase> {
  let handle: DbHandle;
  let drop: (() => Promise<void>) | undefined;
  let applicationName: string | undefined;
  let url: string;
  if (dialect === "postgres") {
    const base = process.env.TEST_POSTGRES_URL as string;
    url = await postgresDatabase(base, seed);
    const name = new URL(url).pathname.slice(1);
    applicationName = name;
    handle = openDatabase(url);
    drop = async () => {
      await handle.db.destroy();
      const cleanup = openDatabase(base);
      // Connections a test opened itself (a second pool, a listener) go with it.
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(cleanup.db);
      await cleanup.db.destroy();
    };
  } else {
    url = await sqliteFile(seed);
    handle = openDatabase(url);
  }
  setProcessDatabase(handle);
  setSessionStore(undefined);
  setRateLimiter(undefined);
  return {
    handle,
    url,
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
