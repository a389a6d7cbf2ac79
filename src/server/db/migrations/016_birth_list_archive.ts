import type { Kysely } from "kysely";

/**
 * A birth list (or one of its items) that its owner deletes after gifts were ordered for it is archived,
 * not erased: its items and gifts stay with the orders that paid them (issue 29). An archived list, or a
 * removed item, is shown to nobody.
 */
export async function m016_birth_list_archive(anyDb: Kysely<unknown>): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await db.schema.alterTable("birth_lists").addColumn("archived_at", "text").execute();
  await db.schema.alterTable("birth_list_items").addColumn("removed_at", "text").execute();
}
