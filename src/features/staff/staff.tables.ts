import type { Generated } from "kysely";

/** The tables the staff feature owns (src/server/db/schema.ts assembles every feature's). */
export interface StaffTables {
  /** A future staff member's invitation (issue 72): its link's token is stored as its SHA-256 only. */
  staff_invitations: {
    id: Generated<number>;
    email: string;
    role: string;
    culture: string;
    token_hash: string;
    invited_by: number;
    created_at: string;
    expires_at: string;
    accepted_at: string | null;
    withdrawn_at: string | null;
  };
}
