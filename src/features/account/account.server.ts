import { createHash } from "node:crypto";
import { adoptSessionCart } from "~/features/cart/cart.server";
import { findCustomerByEmail, findCustomerById } from "~/features/customers/customers.server";
import { env } from "~/server/config/env";
import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { burnPasswordCheck, verifyPassword } from "~/server/security/password";
import { rateLimiter, tooManyAttempts } from "~/server/security/rate-limit";
import { endSession, rotateSession, type Session } from "~/server/session/session";
import {
  SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP,
  SIGN_IN_WINDOW_SECONDS,
  type SignedInCustomer,
  type SignIn,
} from "./account";
import { awaitSecondFactor } from "./two-factor.server";

const perAccount = { max: SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP, windowSeconds: SIGN_IN_WINDOW_SECONDS };

function accountKey(email: string, ip: string): string {
  return `signin:acct:${createHash("sha256").update(email).digest("base64url")}:${ip}`;
}

/**
 * Checks credentials and signs the customer in on a fresh session id.
 * Failures count per address *and IP*, so someone elsewhere cannot lock a shopper out of her own
 * connection; every attempt counts per IP. A wrong address and a wrong password answer the same, in the same time.
 * An account with two-factor is not signed in yet: the session waits for its code (two-factor.server.ts).
 */
export async function signIn(
  session: Session,
  input: SignIn,
  ip: string,
): Promise<SignedInCustomer | { twoFactorRequired: true }> {
  const limiter = rateLimiter();
  const perIp = { max: env().SIGN_IN_ATTEMPTS_PER_IP, windowSeconds: SIGN_IN_WINDOW_SECONDS };
  const ipWait = await limiter.hit(`signin:ip:${ip}`, perIp);
  if (ipWait > 0) throw tooManyAttempts(ipWait);
  // Counted before the password is checked, atomically: parallel attempts each take a place in the window.
  const key = accountKey(input.Email, ip);
  const accountWait = await limiter.hit(key, perAccount);
  if (accountWait > 0) throw tooManyAttempts(accountWait);

  const row = await findCustomerByEmail(db(), input.Email);
  let valid = false;
  if (row) valid = await verifyPassword(input.Password, row.password_hash);
  else await burnPasswordCheck(input.Password);
  if (!row || !valid) throw new ApiError("InvalidCredentials");
  await limiter.reset(key);
  if (row.totp_enabled_at) {
    await awaitSecondFactor(session, row.id, row.security_stamp);
    return { twoFactorRequired: true };
  }
  const { previousId } = await rotateSession(session, row.id);
  await adoptSessionCart(previousId, session.id as string, row.id);
  return (await findCustomerById(db(), row.id)) as SignedInCustomer;
}

export async function signOut(session: Session): Promise<void> {
  await endSession(session);
}

export { currentCustomer } from "~/features/customers/customers.server";
