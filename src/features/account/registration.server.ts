import { adoptSessionCart } from "~/features/cart/cart.server";
import type { SignedInCustomer } from "~/features/customers/customers";
import {
  customerSecurity,
  findCustomerById,
  insertCustomer,
  updateCustomerSecurity,
} from "~/features/customers/customers.server";
import { countryById, normaliseVatNumber, vatNumberLooksValid, vatRegistry } from "~/features/pricing/pricing.server";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/password";
import { db } from "~/server/db/client";
import { isUniqueViolation } from "~/server/db/errors";
import { ApiError } from "~/server/http/errors";
import { hashPassword } from "~/server/security/password";
import { rateLimiter, tooManyAttempts } from "~/server/security/rate-limit";
import { rotateSession, type Session } from "~/server/session/session";
import { enqueueAccountMail } from "./account-mail.server";
import { consumeToken, createToken, retireTokens } from "./account-tokens.repository";
import { passwordRefusal } from "./password-strength.server";
import { REGISTRATIONS_PER_IP_PER_HOUR, type Registration, VERIFY_LINK_HOURS } from "./registration";

/** Refuses a new password with the reason in the shopper's language, on the field that holds it. */
export function checkNewPassword(
  password: string,
  account: { email: string; names: string[] },
  culture: Culture,
  field = "Password",
): void {
  const refusal = passwordRefusal(password, account);
  if (!refusal) return;
  const t = translator(culture);
  const message = t(`Errors.${refusal}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
  throw new ApiError("ValidationFailed", { [field]: [message] }, `Errors.${refusal}`, {
    min: PASSWORD_MIN_LENGTH,
    max: PASSWORD_MAX_LENGTH,
  });
}

/** A business's VAT number, normalised and checked like the checkout's; the service being away is no refusal. */
async function checkedVatNumber(input: Registration, culture: Culture): Promise<string | null> {
  if (input.AccountType !== "Business" || !input.VatNumber || !input.CountryId) return null;
  const t = translator(culture);
  const country = await countryById(db(), input.CountryId);
  if (!country) throw new ApiError("ValidationFailed", { CountryId: [t("Errors.CountryNotFound")] });
  const number = normaliseVatNumber(country.code, input.VatNumber);
  if (!country.isEu || !vatNumberLooksValid(country.code, number))
    throw new ApiError("ValidationFailed", { VatNumber: [t("Checkout.VatNumberInvalid")] });
  if ((await vatRegistry().check(country.code, number)) === false)
    throw new ApiError("ValidationFailed", { VatNumber: [t("Checkout.VatNumberUnknown")] });
  return number;
}

/**
 * Opens an account and signs its owner in on a new session id; the verification link goes out through
 * the outbox in the same transaction. An address already in use is refused with one general message
 * (no more is said about the account), after the same work as a success.
 */
export async function register(
  session: Session,
  input: Registration,
  clientIp: string,
  culture: Culture,
): Promise<SignedInCustomer> {
  const wait = await rateLimiter().hit(`register:ip:${clientIp}`, {
    max: REGISTRATIONS_PER_IP_PER_HOUR,
    windowSeconds: 3600,
  });
  if (wait > 0) throw tooManyAttempts(wait);
  checkNewPassword(
    input.Password,
    { email: input.Email, names: [input.FirstName, input.LastName, input.CompanyName ?? ""] },
    culture,
  );
  const vatNumber = await checkedVatNumber(input, culture);
  const passwordHash = await hashPassword(input.Password);
  let customerId: number;
  try {
    customerId = await db()
      .transaction()
      .execute(async (trx) => {
        const id = await insertCustomer(trx, {
          email: input.Email,
          passwordHash,
          firstName: input.FirstName,
          lastName: input.LastName,
          culture: input.Culture,
          isBusiness: input.AccountType === "Business",
          companyName: input.AccountType === "Business" ? input.CompanyName : null,
          vatNumber,
        });
        const token = await createToken(trx, id, "verify", VERIFY_LINK_HOURS);
        await enqueueAccountMail(trx, "Verify", { email: input.Email, culture: input.Culture }, verifyPath(token));
        return id;
      });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("EmailNotAvailable", { Email: [] });
    throw error;
  }
  const { previousId } = await rotateSession(session, customerId);
  await adoptSessionCart(previousId, session.id as string, customerId);
  return (await findCustomerById(db(), customerId)) as SignedInCustomer;
}

export function verifyPath(token: string): string {
  return `security/verify?token=${encodeURIComponent(token)}`;
}

/** Follows a verification link: the address is verified once; a used, expired or unknown link is refused. */
export async function verifyEmail(token: string): Promise<void> {
  const verified = await db()
    .transaction()
    .execute(async (trx) => {
      const customerId = await consumeToken(trx, token, "verify");
      if (customerId === null) return false;
      await updateCustomerSecurity(trx, customerId, { email_verified_at: new Date().toISOString() });
      return true;
    });
  if (!verified) throw new ApiError("LinkNotValid");
}

/** Verification links one customer may ask for again per hour. */
export const VERIFICATION_RESENDS_PER_HOUR = 3;

/** Mails a new verification link (the earlier ones retired); nothing when the address is already verified. */
export async function resendVerification(customerId: number): Promise<void> {
  const account = await customerSecurity(db(), customerId);
  if (!account || account.email_verified_at) return;
  const wait = await rateLimiter().hit(`verify:resend:${customerId}`, {
    max: VERIFICATION_RESENDS_PER_HOUR,
    windowSeconds: 3600,
  });
  if (wait > 0) throw tooManyAttempts(wait);
  await db()
    .transaction()
    .execute(async (trx) => {
      await retireTokens(trx, customerId, "verify");
      const token = await createToken(trx, customerId, "verify", VERIFY_LINK_HOURS);
      await enqueueAccountMail(trx, "Verify", account, verifyPath(token));
    });
}
