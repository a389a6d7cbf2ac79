import { type Kysely, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * The asset library (spec 000): editors create folders and assets, so their ids come from the database
 * (SQLite's integer primary key does it; PostgreSQL gets a sequence past the seeded ids), and uploads wait
 * in `asset_uploads` for a crop or a form post.
 */
export async function m013_asset_library(anyDb: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  if (dialect === "postgres") {
    for (const table of ["asset_folders", "assets"]) {
      const sequence = `${table}_id_seq`;
      await sql`create sequence if not exists ${sql.id(sequence)} owned by ${sql.id(table)}.id`.execute(db);
      await sql`alter table ${sql.id(table)} alter column id set default nextval(${sql.lit(sequence)})`.execute(db);
      await sql`select setval(${sql.lit(sequence)}, coalesce((select max(id) from ${sql.id(table)}), 0) + 1, false)`.execute(
        db,
      );
    }
  }
  await db.schema
    .createTable("asset_uploads")
    .addColumn("tmp_name", "text", (c) => c.primaryKey())
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id"))
    .addColumn("file_type", "text", (c) => c.notNull())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("original_file_name", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("asset_uploads_created").on("asset_uploads").column("created_at").execute();
}
