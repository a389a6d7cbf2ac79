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
import { checkpointAside, GatedSqliteDialect } from "./sqlite-gate";
import { withStatementCache } from "./statement-cache";

export type Db = Kysely<Database>;

/** What a repository function runs on, passed first: the database (`db()`) or an open transaction. */
export type Executor = Kysely<Database>;

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL: the pool's connections (the metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * One long write in one transaction (a catalogue import). PostgreSQL: a transaction of the pool. SQLite:
   * a connection of its own, so the shop's pages go on reading meanwhile; the shop's own writes wait for
   * it (sqlite-gate.ts). Code inside writes through `trx`, never `db()`. Absent: a plain transaction.
   */
  longTransaction?<T>(run: (trx: Executor) => Promise<T>): Promise<T>;
}

/** `handle.longTransaction`, or a plain transaction on a handle made without one (migrations, tests). */
export function longTransaction<T>(handle: DbHandle, run: (trx: Executor) => Promise<T>): Promise<T> {
  return handle.longTransaction ? handle.longTransaction(run) : handle.db.transaction().execute(run);
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
    const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }), log: observeQueries });
    return {
      db,
      dialect: "postgres",
      poolStats: () => pool.stats(),
      longTransaction: <T>(run: (trx: Executor) => Promise<T>) => db.transaction().execute(run),
    };
  }
  const path = sqlitePath(url);
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const dialect = new GatedSqliteDialect(withStatementCache(sqliteConnection(path)));
  const db = new Kysely<Database>({ dialect, log: observeQueries });
  return {
    db,
    dialect: "sqlite",
    longTransaction: async <T>(run: (trx: Executor) => Promise<T>): Promise<T> => {
      if (path === ":memory:") return db.transaction().execute(run);
      await dialect.driver.closeGate();
      const connection = sqliteConnection(path);
      connection.pragma("wal_autocheckpoint = 0");
      const own = new Kysely<Database>({
        dialect: new SqliteDialect({ database: withStatementCache(connection) }),
        log: observeQueries,
      });
      try {
        return await own.transaction().execute(run);
      } finally {
        await own.destroy();
        // The shop's next write would run the log's checkpoint itself, holding the event loop.
        await checkpointAside(path).catch((error) => log().warn({ err: error }, "checkpoint after a long write"));
        dialect.driver.gate.open();
      }
    },
  };
}

function sqliteConnection(path: string): SQLite.Database {
  const database = new SQLite(path);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  database.pragma("synchronous = NORMAL");
  return database;
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
