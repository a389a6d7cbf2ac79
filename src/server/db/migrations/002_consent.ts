import type { Kysely } from "kysely";
import type { Dialect } from "./index";

/** Proof of consent: each decision with its stamp, choices, culture, time and an anonymous id. */
export async function m002_consent(anyDb: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  const table = db.schema.createTable("consent_records");
  await (dialect === "postgres"
    ? table.addColumn("id", "serial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("anonymous_id", "text", (c) => c.notNull().unique())
    .addColumn("stamp", "text", (c) => c.notNull())
    .addColumn("preferences", "integer", (c) => c.notNull())
    .addColumn("statistics", "integer", (c) => c.notNull())
    .addColumn("marketing", "integer", (c) => c.notNull())
    .addColumn("culture", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("consent_records_created").on("consent_records").column("created_at").execute();
}
