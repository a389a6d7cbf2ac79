import type { Kysely } from "kysely";
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
