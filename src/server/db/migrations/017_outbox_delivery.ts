import type { Kysely } from "kysely";

/**
 * The outbox delivers by itself (issue 32): each mail records its tries, last error and next try, the
 * process that claimed it until when (so that N processes send it once), and when it was given up.
 */
export async function m017_outbox_delivery(anyDb: Kysely<unknown>): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await db.schema
    .alterTable("mail_outbox")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  for (const column of ["next_attempt_at", "last_error", "failed_at", "claimed_until"])
    await db.schema.alterTable("mail_outbox").addColumn(column, "text").execute();
  await db.schema
    .createIndex("mail_outbox_due")
    .on("mail_outbox")
    .columns(["sent_at", "failed_at", "next_attempt_at"])
    .execute();
}
