import type { Kysely } from "kysely";

/** A note staff keep on a customer (issue 72): the customer's page in the back office. */
export async function m037_staff_notes(anyDb: Kysely<unknown>): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await db.schema.alterTable("customers").addColumn("staff_note", "text").execute();
}
