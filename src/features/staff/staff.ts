import { z } from "zod";
import { EmailSchema } from "~/features/account/registration";
import { STAFF_ROLES } from "~/features/customers/roles";
import { CULTURES } from "~/lib/culture";

/** How long an invitation's link works (issue 72). */
export const INVITATION_DAYS = 7;

export const StaffRoleSchema = z.enum(STAFF_ROLES);

/** The owner's invitation: an address, a role and the language of the mail and of the new account. */
export const InvitationBody = z.object({
  Email: EmailSchema,
  Role: StaffRoleSchema,
  Culture: z.enum(CULTURES).optional(),
});
export type InvitationInput = z.infer<typeof InvitationBody>;

/** What the invited person sends back: a new account's names and password, or their own account's password. */
export const AcceptBody = z.object({
  Token: z.string().trim().min(20).max(100),
  FirstName: z.string().trim().max(80).optional(),
  LastName: z.string().trim().max(80).optional(),
  Password: z.string().min(1).max(128),
});
export type AcceptInput = z.infer<typeof AcceptBody>;

/** A staff member's role changed by the owner; `customer` takes them out of the staff. */
export const RoleBody = z.object({ Role: z.enum([...STAFF_ROLES, "customer"]) });
