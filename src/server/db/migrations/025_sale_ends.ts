import type { Kysely } from "kysely";

/**
 * A sale with an end (issue 36): the merchant says until when a variant's reduced price holds. Product
 * pages tell search engines (`priceValidUntil`), feeds tell comparators (`sale_price_effective_date`),
 * and at that moment the price before the reduction comes back by itself.
 */
export async function m025_sale_ends(anyDb: Kysely<unknown>): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await db.schema.alterTable("product_variants").addColumn("sale_ends_at", "text").execute();
}
