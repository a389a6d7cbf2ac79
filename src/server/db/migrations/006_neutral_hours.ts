import type { Kysely } from "kysely";

/**
 * Shop opening hours become language-neutral ("1-5 10:00-18:30;..."), shown in each shopper's language.
 * Demo databases seeded before keep working: their French text is rewritten to the neutral form.
 */
export async function m006_neutral_hours(anyDb: Kysely<unknown>): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the query builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await db
    .updateTable("pickup_points")
    .set({ hours: "1-5 10:00-18:30;6 10:00-18:00;7 closed" })
    .where("hours", "=", "Lundi - vendredi 10:00 - 18:30;Samedi 10:00 - 18:00;Dimanche fermé")
    .execute();
}
