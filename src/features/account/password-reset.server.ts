import { createHash } from "node:crypto";
import { customerSecurity, findCustomerByEmail, updateCustomerSecurity } from "~/features/customers/customers.server";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { afterAnswer } from "~/server/background";
import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { hashPassword, verifyPassword } from "~/server/security/password";
import { rateLimiter, tooManyAttempts } from "~/server/security/rate-limit";
import { endOtherSessions, rotateSession, type Session } from "~/server/session/session";
import { enqueueAccountMail } from "./account-mail.server";
import { consumeToken, createToken, peekToken, retireTokens } from "./account-tokens.repository";
import { RESET_LINK_HOURS } from "./registration";
import { checkNewPassword } from "./registration.server";

/** Reset requests: per client address, and per e-mail address whether it has an account or not. */
export const RESET_REQUESTS_PER_IP_PER_HOUR = 10;
export const RESET_REQUESTS_PER_EMAIL_PER_HOUR = 3;
/** Every answer to a reset request takes at least this long, so a known address cannot be told by timing. */
export const RESET_ANSWER_MS = 400;

const emailKey = (email: string) => createHash("sha256").update(email).digest("base64url");

export function resetPath(token: string): string {
  return `security/resetpassword?token=${encodeURIComponent(token)}`;
}

/**
 * "Forgot password": mails a one-hour, single-use reset link when the address has an account, and
 * answers the same, in the same time, when it has none. Both answers do the same work (the two limits'
 * counts, then the floor); looking the address up and writing the link happen after the answer, so no
 * timing tells one from the other even under load. A new link retires the earlier ones.
 */
export async function requestPasswordReset(email: string, clientIp: string): Promise<void> {
  const started = Date.now();
  const limiter = rateLimiter();
  const ipWait = await limiter.hit(`reset:ip:${clientIp}`, {
    max: RESET_REQUESTS_PER_IP_PER_HOUR,
    windowSeconds: 3600,
  });
  if (ipWait > 0) throw tooManyAttempts(ipWait);
  const accountWait = await limiter.hit(`reset:email:${emailKey(email)}`, {
    max: RESET_REQUESTS_PER_EMAIL_PER_HOUR,
    windowSeconds: 3600,
  });
  // Said the same way: a limit reached says nothing about the address either.
  if (accountWait === 0) afterAnswer("password reset link", () => mailResetLink(email));
  const left = RESET_ANSWER_MS - (Date.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

async function mailResetLink(email: string): Promise<void> {
  const customer = await findCustomerByEmail(db(), email);
  if (!customer) return;
  await db()
    .transaction()
    .execute(async (trx) => {
      await retireTokens(trx, customer.id, "reset");
      const token = await createToken(trx, customer.id, "reset", RESET_LINK_HOURS);
      await enqueueAccountMail(trx, "Reset", customer, resetPath(token));
    });
}

/** Whether a reset link is still good (the page shows its form only then). */
export async function resetLinkIsValid(token: string): Promise<boolean> {
  return (await peekToken(db(), token, "reset")) !== null;
}

/**
 * Sets a new password with a reset link, once: the token is used in the same transaction as the
 * change, every session of the customer ends (a thief's too), and the address counts as verified
 * (the mail was read). The customer then signs in again, with their second factor if they have one.
 */
export async function resetPassword(token: string, password: string, culture: Culture): Promise<void> {
  const customerId = await peekToken(db(), token, "reset");
  if (customerId === null) throw new ApiError("LinkNotValid");
  const account = await customerSecurity(db(), customerId);
  if (!account) throw new ApiError("LinkNotValid");
  checkNewPassword(password, { email: account.email, names: [] }, culture);
  const passwordHash = await hashPassword(password);
  const done = await db()
    .transaction()
    .execute(async (trx) => {
      if ((await consumeToken(trx, token, "reset")) !== customerId) return false;
      await updateCustomerSecurity(trx, customerId, {
        password_hash: passwordHash,
        ...(account.email_verified_at ? {} : { email_verified_at: new Date().toISOString() }),
      });
      await enqueueAccountMail(trx, "PasswordChanged", account);
      return true;
    });
  if (!done) throw new ApiError("LinkNotValid");
  await endOtherSessions(customerId, null);
}

/** Failed current-password checks one account may make in a window (a stolen session cannot guess on). */
export const PASSWORD_CHECKS_PER_ACCOUNT = 5;

/**
 * A signed-in customer's password change: the current password first (counted), then the same rule
 * as registration; every other session ends and this one gets a new id.
 */
export async function changePassword(
  session: Session,
  customerId: number,
  input: { CurrentPassword: string; NewPassword: string },
  culture: Culture,
): Promise<void> {
  const account = await customerSecurity(db(), customerId);
  if (!account) throw new ApiError("Unauthorized");
  const key = `password:check:${customerId}`;
  const wait = await rateLimiter().hit(key, { max: PASSWORD_CHECKS_PER_ACCOUNT, windowSeconds: 900 });
  if (wait > 0) throw tooManyAttempts(wait);
  if (!(await verifyPassword(input.CurrentPassword, account.password_hash)))
    throw new ApiError(
      "ValidationFailed",
      { CurrentPassword: [translator(culture)("Errors.CurrentPasswordWrong")] },
      "Errors.CurrentPasswordWrong",
    );
  await rateLimiter().reset(key);
  checkNewPassword(input.NewPassword, { email: account.email, names: [] }, culture, "NewPassword");
  const passwordHash = await hashPassword(input.NewPassword);
  await db()
    .transaction()
    .execute(async (trx) => {
      await updateCustomerSecurity(trx, customerId, { password_hash: passwordHash });
      await retireTokens(trx, customerId, "reset");
      await enqueueAccountMail(trx, "PasswordChanged", account);
    });
  await rotateSession(session, customerId);
  await endOtherSessions(customerId, session);
}
