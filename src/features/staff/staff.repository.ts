import type { Executor } from "~/server/db/client";

export interface NewInvitation {
  email: string;
  role: string;
  culture: string;
  tokenHash: string;
  invitedBy: number;
  at: string;
  expiresAt: string;
}

/** A new invitation; an earlier one to the same address that is still open is withdrawn first. */
export async function insertInvitation(ex: Executor, input: NewInvitation): Promise<number> {
  await ex
    .updateTable("staff_invitations")
    .set({ withdrawn_at: input.at })
    .where("email", "=", input.email)
    .where("accepted_at", "is", null)
    .where("withdrawn_at", "is", null)
    .execute();
  const row = await ex
    .insertInto("staff_invitations")
    .values({
      email: input.email,
      role: input.role,
      culture: input.culture,
      token_hash: input.tokenHash,
      invited_by: input.invitedBy,
      created_at: input.at,
      expires_at: input.expiresAt,
      accepted_at: null,
      withdrawn_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The invitations still waiting for an answer (neither accepted nor withdrawn), newest first. */
export async function openInvitations(ex: Executor, now: string) {
  return ex
    .selectFrom("staff_invitations")
    .innerJoin("customers", "customers.id", "staff_invitations.invited_by")
    .select([
      "staff_invitations.id",
      "staff_invitations.email",
      "staff_invitations.role",
      "staff_invitations.created_at",
      "staff_invitations.expires_at",
      "customers.email as invited_by",
    ])
    .where("staff_invitations.accepted_at", "is", null)
    .where("staff_invitations.withdrawn_at", "is", null)
    .where("staff_invitations.expires_at", ">", now)
    .orderBy("staff_invitations.id", "desc")
    .execute();
}

/** An open invitation by its token's hash, before it expires. */
export async function invitationByHash(ex: Executor, tokenHash: string, now: string) {
  return ex
    .selectFrom("staff_invitations")
    .select(["id", "email", "role", "culture"])
    .where("token_hash", "=", tokenHash)
    .where("accepted_at", "is", null)
    .where("withdrawn_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

/** Marks an invitation accepted, once: false when another request accepted or withdrew it first. */
export async function markAccepted(ex: Executor, id: number, at: string): Promise<boolean> {
  const done = await ex
    .updateTable("staff_invitations")
    .set({ accepted_at: at })
    .where("id", "=", id)
    .where("accepted_at", "is", null)
    .where("withdrawn_at", "is", null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Withdraws an open invitation; false when there is none by that id. */
export async function withdraw(ex: Executor, id: number, at: string): Promise<boolean> {
  const done = await ex
    .updateTable("staff_invitations")
    .set({ withdrawn_at: at })
    .where("id", "=", id)
    .where("accepted_at", "is", null)
    .where("withdrawn_at", "is", null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
