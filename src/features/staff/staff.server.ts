import { createHash, randomBytes } from "node:crypto";
import { checkNewPassword } from "~/features/account/registration.server";
import {
  countRole,
  findCustomerByEmail,
  insertCustomer,
  setCustomerRole,
  staffAccounts,
  updateCustomerSecurity,
} from "~/features/customers/customers.server";
import { STAFF_ROLES, type StaffRole } from "~/features/customers/roles";
import { type AdminCall, audit, staffInPerson } from "~/features/integration/integration.server";
import { type Culture, isCulture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { escapeHtml } from "~/lib/text";
import { env } from "~/server/config/env";
import { db } from "~/server/db/client";
import { isUniqueViolation } from "~/server/db/errors";
import { ApiError } from "~/server/http/errors";
import { enqueueMail } from "~/server/mail/outbox";
import { hashPassword, verifyPassword } from "~/server/security/password";
import { type AcceptInput, INVITATION_DAYS, type InvitationInput } from "./staff";
import { insertInvitation, invitationByHash, markAccepted, openInvitations, withdraw } from "./staff.repository";

/** Invitation tokens are random (256 bits): a plain SHA-256 keeps them out of a stolen database. */
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** The staff page and `GET /admin/staff`: the members with their roles, and the invitations still open. */
export async function staffOverview(call: AdminCall) {
  await staffInPerson(call, false, "staff");
  const [members, invitations] = await Promise.all([
    staffAccounts(db(), STAFF_ROLES),
    openInvitations(db(), new Date().toISOString()),
  ]);
  return {
    Members: members.map((m) => ({
      Id: m.id,
      Email: m.email,
      Name: `${m.first_name} ${m.last_name}`.trim(),
      Role: m.role as StaffRole,
      TwoFactor: m.totp_enabled_at !== null,
    })),
    Invitations: invitations.map((i) => ({
      Id: i.id,
      Email: i.email,
      Role: i.role as StaffRole,
      InvitedBy: i.invited_by,
      ExpiresAt: i.expires_at,
    })),
  };
}

/** The link an invitation's mail holds (its token in the query: the page reads it, never a log). */
export const invitationPath = (culture: Culture, token: string) => `/${culture}/staff/invitation?token=${token}`;

/**
 * The owner invites someone to the staff with a role: a one-time link by mail (in the outbox, in the
 * invitation's own transaction), valid INVITATION_DAYS days; a second invitation to the same address
 * replaces the first. Someone already on the staff is not invited again (their role is changed instead).
 */
export async function inviteStaff(call: AdminCall, input: InvitationInput, culture: Culture) {
  const actor = await staffInPerson(call, true, "staff");
  const existing = await findCustomerByEmail(db(), input.Email);
  if (existing && existing.closed_at === null && existing.role !== "customer")
    throw new ApiError("ValidationFailed", { Email: [translator(culture)("Staff.AlreadyStaff")] });
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000).toISOString();
  const mailCulture: Culture = input.Culture ?? culture;
  const id = await db()
    .transaction()
    .execute(async (trx) => {
      const id = await insertInvitation(trx, {
        email: input.Email,
        role: input.Role,
        culture: mailCulture,
        tokenHash: hashOf(token),
        invitedBy: actor.id,
        at: now.toISOString(),
        expiresAt,
      });
      const t = translator(mailCulture);
      const url = `${env().siteUrl}${invitationPath(mailCulture, token)}`;
      const body = t("Staff.InvitationBody", {
        shop: env().SHOP_NAME,
        role: t(`Staff.Role_${input.Role}`),
        days: INVITATION_DAYS,
      });
      await enqueueMail(
        {
          to: input.Email,
          subject: t("Staff.InvitationSubject", { shop: env().SHOP_NAME }),
          text: [t("Orders.MailGreeting"), "", body, "", url].join("\n"),
          html: `<p>${escapeHtml(t("Orders.MailGreeting"))}</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
          culture: mailCulture,
        },
        trx,
      );
      await audit(actor, "staff.invite", `invitation:${id}`, { email: input.Email, role: input.Role }, trx);
      return id;
    });
  return { Id: id, ExpiresAt: expiresAt };
}

export async function withdrawInvitation(call: AdminCall, id: number) {
  const actor = await staffInPerson(call, true, "staff");
  const done = await db()
    .transaction()
    .execute(async (trx) => {
      if (!(await withdraw(trx, id, new Date().toISOString()))) return false;
      await audit(actor, "staff.withdraw", `invitation:${id}`, null, trx);
      return true;
    });
  if (!done) throw new ApiError("NotFound");
}

/**
 * The owner changes a member's role, or takes them off the staff (`customer`). Not their own (the owner
 * who locks themself out has no one to let them in), never the last owner's; takes effect at the
 * member's next request.
 */
export async function changeStaffRole(call: AdminCall, id: number, role: StaffRole | "customer", culture: Culture) {
  const actor = await staffInPerson(call, true, "staff");
  const t = translator(culture);
  if (id === actor.id) throw new ApiError("ValidationFailed", { Role: [t("Staff.OwnRole")] });
  await db()
    .transaction()
    .execute(async (trx) => {
      // The owners first, locked: another owner changing roles at the same time waits for this one.
      const owners = await countRole(trx, "owner");
      const members = await staffAccounts(trx, STAFF_ROLES);
      if (members.find((m) => m.id === actor.id)?.role !== "owner") throw new ApiError("Forbidden");
      const member = members.find((m) => m.id === id);
      if (!member) throw new ApiError("NotFound");
      if (member.role === "owner" && role !== "owner" && owners <= 1)
        throw new ApiError("ValidationFailed", { Role: [t("Staff.LastOwner")] });
      await setCustomerRole(trx, id, role);
      await audit(actor, "staff.role", `customer:${id}`, { from: member.role, to: role }, trx);
    });
}

/** What the invitation page shows before its form: the address and the role, or null (used, withdrawn, expired). */
export async function invitationFor(token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const row = await invitationByHash(db(), hashOf(token), new Date().toISOString());
  if (!row) return null;
  const existing = await findCustomerByEmail(db(), row.email);
  return {
    email: row.email,
    role: row.role as StaffRole,
    culture: isCulture(row.culture) ? row.culture : env().DEFAULT_CULTURE,
    hasAccount: Boolean(existing && existing.closed_at === null),
  };
}

/**
 * The invited person accepts: with an account at that address already, its password proves it is
 * theirs and it gets the role; otherwise a new account is made with their names and password, its
 * address verified by the link. Once per invitation (two requests at once: one wins, the other gets
 * `LinkNotValid`). They then sign in; an owner is asked to turn on two-factor sign-in first.
 */
export async function acceptInvitation(input: AcceptInput, culture: Culture): Promise<{ email: string }> {
  const t = translator(culture);
  const now = new Date();
  const invitation = await invitationByHash(db(), hashOf(input.Token), now.toISOString());
  if (!invitation) throw new ApiError("LinkNotValid");
  const existing = await findCustomerByEmail(db(), invitation.email);
  const own = existing && existing.closed_at === null ? existing : null;
  let passwordHash: string | null = null;
  if (own) {
    if (!(await verifyPassword(input.Password, own.password_hash))) throw new ApiError("InvalidCredentials");
  } else {
    const errors: Record<string, string[]> = {};
    if (!input.FirstName) errors.FirstName = [t("Validation.Mandatory")];
    if (!input.LastName) errors.LastName = [t("Validation.Mandatory")];
    if (Object.keys(errors).length) throw new ApiError("ValidationFailed", errors);
    checkNewPassword(
      input.Password,
      { email: invitation.email, names: [input.FirstName ?? "", input.LastName ?? ""] },
      culture,
    );
    passwordHash = await hashPassword(input.Password);
  }
  try {
    await db()
      .transaction()
      .execute(async (trx) => {
        if (!(await markAccepted(trx, invitation.id, now.toISOString()))) throw new ApiError("LinkNotValid");
        const id = own
          ? own.id
          : await insertCustomer(
              trx,
              {
                email: invitation.email,
                passwordHash: passwordHash as string,
                firstName: input.FirstName as string,
                lastName: input.LastName as string,
                culture: invitation.culture,
                isBusiness: false,
                companyName: null,
                vatNumber: null,
              },
              now,
            );
        if (!own) await updateCustomerSecurity(trx, id, { email_verified_at: now.toISOString() });
        await setCustomerRole(trx, id, invitation.role);
        await audit(
          `staff:${invitation.email}`,
          "staff.accept",
          `invitation:${invitation.id}`,
          { role: invitation.role },
          trx,
        );
      });
  } catch (error) {
    // The same address registered between the check and the insert: the link stays usable with its password.
    if (isUniqueViolation(error)) throw new ApiError("LinkNotValid");
    throw error;
  }
  return { email: invitation.email };
}
