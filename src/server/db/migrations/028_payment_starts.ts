import type { Kysely } from "kysely";

/**
 * What the provider answered when a payment was started (its drop-in session or its page's address, as
 * JSON): the payment page loaded again within a few minutes resumes that payment instead of starting
 * another at the provider (each reload made one; a second one paid was refunded).
 */
export async function m028_payment_starts(anyDb: Kysely<unknown>): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await db.schema.alterTable("payments").addColumn("start", "text").execute();
}
