import { type Kysely, sql } from "kysely";
import { tableWithId } from "./columns";
import type { Dialect } from "./index";

/**
 * Staff get one of three roles (issue 72): the one role `staff` had everything and becomes the owner's;
 * `editor` stays. An invitation holds a future staff member's e-mail, role and the SHA-256 of its
 * one-time link's token until it is accepted, withdrawn or expires.
 */
export async function m034_staff_roles(anyDb: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await sql`update customers set role = 'owner' where role = 'staff'`.execute(db);
  await tableWithId(db, dialect, "staff_invitations")
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("culture", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("invited_by", "integer", (c) => c.notNull().references("customers.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("accepted_at", "text")
    .addColumn("withdrawn_at", "text")
    .execute();
  await db.schema.createIndex("staff_invitations_email").on("staff_invitations").column("email").execute();
}
