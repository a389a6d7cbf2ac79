import type { Kysely } from "kysely";

/** Brands get a logo from the asset library (the brand carousels of spec 001 show logos). */
export async function m012_brand_logos(anyDb: Kysely<unknown>): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await db.schema
    .alterTable("brands")
    .addColumn("logo_asset_id", "integer", (c) => c.references("assets.id"))
    .execute();
}
