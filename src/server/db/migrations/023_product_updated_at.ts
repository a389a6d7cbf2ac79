import { type Kysely, sql } from "kysely";

/**
 * When a product last changed (issue 36): the sitemaps' `lastmod` and the feeds read it. The catalogue
 * writer sets it when it writes a difference; the products there before start at their creation.
 */
export async function m023_product_updated_at(anyDb: Kysely<unknown>): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await db.schema.alterTable("products").addColumn("updated_at", "text").execute();
  await sql`update products set updated_at = created_at`.execute(db);
}
