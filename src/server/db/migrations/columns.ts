import { type Kysely, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * A new table with an auto-generated integer key: `serial` on PostgreSQL, `integer primary key
 * autoincrement` on SQLite. For the migrations from 010 on; the earlier ones keep their own copy, as
 * they ran.
 */
// biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
export function tableWithId(db: Kysely<any>, dialect: Dialect, name: string) {
  const table = db.schema.createTable(name);
  return dialect === "postgres"
    ? table.addColumn("id", "serial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}

/**
 * A table whose changes move the one version of everything public (015's triggers on SQLite, 018's
 * noted-per-row and flushed-once-per-transaction ones on PostgreSQL). For the migrations from 035 on;
 * the earlier ones keep their own copy, as they ran.
 */
// biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
export async function movesPublicVersion(db: Kysely<any>, dialect: Dialect, table: string): Promise<void> {
  if (dialect === "sqlite") {
    for (const operation of ["insert", "update", "delete"])
      await sql
        .raw(
          `create trigger page_version_${table}_${operation} after ${operation} on ${table} ` +
            "begin update page_version set version = version + 1 where id = 1; end",
        )
        .execute(db);
    return;
  }
  await sql
    .raw(
      `create trigger page_note_${table} after insert or update or delete on ${table} for each row execute function note_page_change()`,
    )
    .execute(db);
  await sql
    .raw(
      `create constraint trigger page_flush_${table} after insert or update or delete on ${table} ` +
        "deferrable initially deferred for each row execute function flush_page_changes()",
    )
    .execute(db);
}
