import type { Kysely } from "kysely";

/**
 * The shipping and the discount of an order tax included, as the checkout showed them: the order's page
 * showed its lines tax included beside a shipping and a discount tax excluded, a sum no shopper could
 * make. Null for the orders placed before (their page shows those two tax excluded, as it did).
 */
export async function m029_order_amounts_tax_included(anyDb: Kysely<unknown>): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await db.schema.alterTable("orders").addColumn("shipping_tax_incl", "integer").execute();
  await db.schema.alterTable("orders").addColumn("discount_tax_incl", "integer").execute();
}
