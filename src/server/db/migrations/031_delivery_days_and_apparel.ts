import type { Kysely } from "kysely";

/**
 * What Google asks of a product listing (issue 70): a delivery rate's days in transit (business days, the
 * shortest and longest; null: not said), and an apparel product's gender and age group (null: not
 * apparel, or not said).
 */
export async function m031_delivery_days_and_apparel(anyDb: Kysely<unknown>): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await db.schema.alterTable("shipping_rates").addColumn("transit_days_min", "integer").execute();
  await db.schema.alterTable("shipping_rates").addColumn("transit_days_max", "integer").execute();
  await db.schema.alterTable("products").addColumn("gender", "text").execute();
  await db.schema.alterTable("products").addColumn("age_group", "text").execute();
}
