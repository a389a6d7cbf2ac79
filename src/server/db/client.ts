import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, type LogEvent, Migrator, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { forgetCachedData } from "../cache";
import { env } from "../config/env";
import { log } from "../observability/log";
import { databaseMetrics } from "../observability/metrics";
import { type Dialect, migrations } from "./migrations/index";
import { CurrentSchemaPostgresDialect } from "./pg-introspector";
import { ResilientPool } from "./pg-pool";
import type { Database } from "./schema";
import { withStatementCache } from "./statement-cache";

export type Db = Kysely<Database>;

/** What a repository function runs on, passed first: the database (`db()`) or an open transaction. */
export type Executor = Kysely<Database>;

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL: the pool's connections (the metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

/** A query slower than this is counted (vitrine_db_slow_queries_total) and logged at debug level. */
const SLOW_QUERY_MS = 250;

function observeQueries(event: LogEvent): void {
  if (event.level === "error") {
    databaseMetrics().queryErrors.inc();
    return;
  }
  if (event.queryDurationMillis >= SLOW_QUERY_MS) {
    databaseMetrics().slowQueries.inc();
    log().debug({ ms: Math.round(event.queryDurationMillis), sql: event.query.sql.slice(0, 300) }, "slow query");
  }
}

export function sqlitePath(url: string): string {
  return url.replace(/^(file:|sqlite:)/, "");
}

/** Opens a database from a URL: postgres:// goes to PostgreSQL, anything else is a SQLite file. */
export function openDatabase(url: string): DbHandle {
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
    const pool = new ResilientPool(
      new pg.Pool({
        connectionString: url,
        max: env().DATABASE_POOL_MAX,
        connectionTimeoutMillis: env().DATABASE_CONNECT_TIMEOUT_MS,
      }),
    );
    return {
      db: new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }), log: observeQueries }),
      dialect: "postgres",
      poolStats: () => pool.stats(),
    };
  }
  const path = sqlitePath(url);
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(path);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  database.pragma("synchronous = NORMAL");
  return {
    db: new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
      log: observeQueries,
    }),
    dialect: "sqlite",
  };
}

export async function migrateToLatest(handle: DbHandle): Promise<string[]> {
  // Kysely's bookkeeping tables live in our schema: several databases side by side (one schema each)
  // never see one another's, and its catalogue reads stay in ours (pg-introspector.ts).
  const schema =
    handle.dialect === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations(handle.dialect) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

let shared: DbHandle | undefined;

/** The process-wide database, opened on first use from DATABASE_URL. */
export function database(): DbHandle {
  shared ??= openDatabase(env().DATABASE_URL);
  return shared;
}

export function db(): Db {
  return database().db;
}

/** Lets tests point the process at a database of their own. */
export function setProcessDatabase(handle: DbHandle | undefined): void {
  shared = handle;
  forgetCachedData();
}
