import { type Kysely, sql } from "kysely";

/**
 * The shop's own pickup points (click and collect) get a code, as products, categories and warehouses
 * have: the key a back office writes them by (`PUT /api/v1/admin/pickup/points/{code}`). Points made
 * before are named after their id.
 */
export async function m027_pickup_point_codes(anyDb: Kysely<unknown>): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await db.schema.alterTable("pickup_points").addColumn("code", "text").execute();
  await sql`update pickup_points set code = 'shop-' || id`.execute(db);
  await db.schema.createIndex("pickup_points_code").on("pickup_points").column("code").unique().execute();
}
