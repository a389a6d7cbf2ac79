import { createHash, randomInt } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { adoptSessionCart } from "~/features/cart/cart.server";
import type { SignedInCustomer } from "~/features/customers/customers";
import {
  claimTotpStep,
  customerSecurity,
  findCustomerById,
  replaceRecoveryCodes,
  spendRecoveryCode,
  unusedRecoveryCodes,
  updateCustomerSecurity,
} from "~/features/customers/customers.server";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { env } from "~/server/config/env";
import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { verifyPassword } from "~/server/security/password";
import { rateLimiter, tooManyAttempts } from "~/server/security/rate-limit";
import { rotateSession, type Session, writeSessionData } from "~/server/session/session";
import { enqueueAccountMail } from "./account-mail.server";

export const RECOVERY_CODE_COUNT = 10;
/** Codes (or recovery codes) one account may try in a window before it waits. */
export const TWO_FACTOR_ATTEMPTS = 5;
export const TWO_FACTOR_WINDOW_SECONDS = 15 * 60;
/** How long a sign-in waits for its second factor after the password was right. */
export const TWO_FACTOR_PENDING_MS = 10 * 60_000;

const SETUP_KEY = "twoFactorSetup";
const PENDING_KEY = "twoFactorPending";

interface Pending {
  customerId: number;
  stamp: number;
  until: number;
}

const hashCode = (code: string) => createHash("sha256").update(code).digest("base64url");
/** Recovery codes are read off paper: case, spaces and dashes do not matter. */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

function recoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const part = () => Array.from({ length: 5 }, () => alphabet[randomInt(alphabet.length)]).join("");
  return `${part()}-${part()}`;
}

function codeRefused(culture: Culture): ApiError {
  return new ApiError("TwoFactorCodeInvalid", { Code: [translator(culture)("Errors.TwoFactorCodeInvalid")] });
}

/**
 * Checks a six-digit code (its time step not used before) or, when `recovery` is allowed, a recovery
 * code (used once). Every try counts toward the account's limit, whatever the answer.
 */
async function checkSecondFactor(
  customerId: number,
  secret: string,
  code: string,
  options: { recovery: boolean; culture: Culture },
): Promise<void> {
  const limitKey = `2fa:${customerId}`;
  const wait = await rateLimiter().hit(limitKey, {
    max: TWO_FACTOR_ATTEMPTS,
    windowSeconds: TWO_FACTOR_WINDOW_SECONDS,
  });
  if (wait > 0) throw tooManyAttempts(wait);
  const digits = code.replace(/\s/g, "");
  let accepted = false;
  if (/^\d{6}$/.test(digits)) {
    const result = await verify({ secret, token: digits, epochTolerance: 30 });
    accepted = result.valid && "timeStep" in result && (await claimTotpStep(db(), customerId, result.timeStep));
  } else if (options.recovery) {
    accepted = await spendRecoveryCode(db(), customerId, hashCode(normaliseRecoveryCode(code)));
  }
  if (!accepted) throw codeRefused(options.culture);
  await rateLimiter().reset(limitKey);
}

export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

export async function twoFactorStatus(customerId: number): Promise<TwoFactorStatus> {
  const account = await customerSecurity(db(), customerId);
  const enabled = Boolean(account?.totp_enabled_at);
  return { enabled, recoveryCodesLeft: enabled ? await unusedRecoveryCodes(db(), customerId) : 0 };
}

export interface Enrolment {
  secret: string;
  uri: string;
  /** The URI as an SVG QR code, from our server (no third-party image). */
  qrSvg: string;
}

/**
 * Starts enrolment: a new secret kept in the session (not the account) until a first code confirms
 * it, so an abandoned setup changes nothing. Asking again shows the same secret.
 */
export async function startEnrolment(session: Session, customerId: number): Promise<Enrolment> {
  const account = await customerSecurity(db(), customerId);
  if (!account) throw new ApiError("Unauthorized");
  if (account.totp_enabled_at) throw new ApiError("TwoFactorAlreadyEnabled");
  const kept = session.data[SETUP_KEY] as { customerId: number; secret: string } | undefined;
  const secret = kept?.customerId === customerId ? kept.secret : generateSecret();
  if (kept?.secret !== secret) await writeSessionData(session, { [SETUP_KEY]: { customerId, secret } });
  const uri = generateURI({ issuer: env().SHOP_NAME, label: account.email, secret });
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret, uri, qrSvg };
}

/** Confirms enrolment with a first code; answers the recovery codes, shown this once only. */
export async function confirmEnrolment(
  session: Session,
  customerId: number,
  code: string,
  culture: Culture,
): Promise<string[]> {
  const kept = session.data[SETUP_KEY] as { customerId: number; secret: string } | undefined;
  const account = await customerSecurity(db(), customerId);
  if (!account) throw new ApiError("Unauthorized");
  if (account.totp_enabled_at) throw new ApiError("TwoFactorAlreadyEnabled");
  if (!kept || kept.customerId !== customerId) throw new ApiError("TwoFactorSetupMissing");
  await checkSecondFactor(customerId, kept.secret, code, { recovery: false, culture });
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await db()
    .transaction()
    .execute(async (trx) => {
      await updateCustomerSecurity(trx, customerId, {
        totp_secret: kept.secret,
        totp_enabled_at: new Date().toISOString(),
      });
      await replaceRecoveryCodes(
        trx,
        customerId,
        codes.map((c) => hashCode(normaliseRecoveryCode(c))),
      );
      await enqueueAccountMail(trx, "TwoFactorChanged", account);
    });
  await writeSessionData(session, { [SETUP_KEY]: undefined });
  return codes;
}

/** The account's password, its wrong guesses counted per account (a stolen session cannot guess on). */
async function checkCurrentPassword(customerId: number, password: string, hash: string, culture: Culture) {
  const limitKey = `password:check:${customerId}`;
  const wait = await rateLimiter().hit(limitKey, {
    max: TWO_FACTOR_ATTEMPTS,
    windowSeconds: TWO_FACTOR_WINDOW_SECONDS,
  });
  if (wait > 0) throw tooManyAttempts(wait);
  if (!(await verifyPassword(password, hash)))
    throw new ApiError(
      "ValidationFailed",
      { Password: [translator(culture)("Errors.CurrentPasswordWrong")] },
      "Errors.CurrentPasswordWrong",
    );
  await rateLimiter().reset(limitKey);
}

/** Turns two-factor off: the password and a current code (or a recovery code) are both needed. */
export async function disableTwoFactor(
  customerId: number,
  input: { Password: string; Code: string },
  culture: Culture,
): Promise<void> {
  const account = await customerSecurity(db(), customerId);
  if (!account?.totp_enabled_at || !account.totp_secret) throw new ApiError("TwoFactorNotEnabled");
  await checkCurrentPassword(customerId, input.Password, account.password_hash, culture);
  await checkSecondFactor(customerId, account.totp_secret, input.Code, { recovery: true, culture });
  await db()
    .transaction()
    .execute(async (trx) => {
      await updateCustomerSecurity(trx, customerId, { totp_secret: null, totp_enabled_at: null, totp_last_step: null });
      await replaceRecoveryCodes(trx, customerId, []);
      await enqueueAccountMail(trx, "TwoFactorChanged", account);
    });
}

/** After a right password on an account with two-factor: the session waits for the code, not signed in yet. */
export async function awaitSecondFactor(session: Session, customerId: number, stamp: number): Promise<void> {
  const pending: Pending = { customerId, stamp, until: Date.now() + TWO_FACTOR_PENDING_MS };
  await writeSessionData(session, { [PENDING_KEY]: pending });
}

export function hasPendingSignIn(session: Session): boolean {
  const pending = session.data[PENDING_KEY] as Pending | undefined;
  return Boolean(pending && pending.until > Date.now());
}

/**
 * The second step of a sign-in: a code or a recovery code for the account whose password was just
 * right, then the session is granted on a new id. A password changed meanwhile voids the step.
 */
export async function completeSignIn(session: Session, code: string, culture: Culture): Promise<SignedInCustomer> {
  const pending = session.data[PENDING_KEY] as Pending | undefined;
  if (!pending || pending.until <= Date.now()) throw new ApiError("Unauthorized", {}, "Security.TwoFactorStartAgain");
  const account = await customerSecurity(db(), pending.customerId);
  if (!account?.totp_secret || account.security_stamp !== pending.stamp)
    throw new ApiError("Unauthorized", {}, "Security.TwoFactorStartAgain");
  await checkSecondFactor(account.id, account.totp_secret, code, { recovery: true, culture });
  const data = { ...session.data };
  delete data[PENDING_KEY];
  session.data = data;
  const { previousId } = await rotateSession(session, account.id);
  await adoptSessionCart(previousId, session.id as string, account.id);
  return (await findCustomerById(db(), account.id)) as SignedInCustomer;
}

/**
 * Proof that the signed-in person is the account's owner before something that cannot be undone (closing
 * the account, issue 36): the password (its checks counted per account) and, when two-factor is on, a
 * current code or a recovery code.
 */
export async function confirmIdentity(
  customerId: number,
  input: { Password: string; Code?: string | null | undefined },
  culture: Culture,
): Promise<void> {
  const account = await customerSecurity(db(), customerId);
  if (!account) throw new ApiError("Unauthorized");
  await checkCurrentPassword(customerId, input.Password, account.password_hash, culture);
  if (!account.totp_enabled_at || !account.totp_secret) return;
  if (!input.Code?.trim()) throw new ApiError("ValidationFailed", { Code: [translator(culture)("Errors.Required")] });
  await checkSecondFactor(customerId, account.totp_secret, input.Code, { recovery: true, culture });
}
