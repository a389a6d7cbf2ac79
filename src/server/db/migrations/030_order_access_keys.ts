import type { Kysely } from "kysely";

/**
 * A random key per order, in the links of a guest's mails: her order's page opens with it in any browser
 * (without it, only in the browser that ordered, by its session). Null for orders placed before.
 */
export async function m030_order_access_keys(anyDb: Kysely<unknown>): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await db.schema.alterTable("orders").addColumn("access_key", "text").execute();
}
