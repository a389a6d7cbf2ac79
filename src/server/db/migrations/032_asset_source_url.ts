import type { Kysely } from "kysely";

/**
 * Photos by address in a catalogue import (issue 70): the asset keeps the address it was fetched from,
 * so the next import of the same file reuses it instead of fetching and storing it again.
 */
export async function m032_asset_source_url(anyDb: Kysely<unknown>): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await db.schema.alterTable("assets").addColumn("source_url", "text").execute();
  await db.schema.createIndex("assets_source_url").on("assets").column("source_url").execute();
}
