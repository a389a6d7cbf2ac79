import { db, type Executor } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { enqueueAccountMail } from "./account-mail.server";
import { consumeToken, createToken, peekToken, retireTokens } from "./account-tokens.repository";

/** How long the closure link a shopper is mailed stays good. */
export const CLOSURE_LINK_HOURS = 1;

/** The page the closure link opens (under the culture): it asks once more before anything is erased. */
export function closurePath(token: string): string {
  return `account/close?token=${encodeURIComponent(token)}`;
}

/**
 * Mails the link that closes the account (issue 36), in her language, in the caller's transaction; a new
 * link retires the earlier ones.
 */
export async function mailClosureLink(trx: Executor, customer: { id: number; email: string; culture: string }) {
  await retireTokens(trx, customer.id, "close");
  const token = await createToken(trx, customer.id, "close", CLOSURE_LINK_HOURS);
  await enqueueAccountMail(trx, "Closure", customer, closurePath(token));
}

/** The account a closure link is good for, without using it; null when unknown, used or expired. */
export function closureLinkAccount(token: string): Promise<number | null> {
  return peekToken(db(), token, "close");
}

/** Uses a closure link, once (two clicks at once close once): the account, or a refusal. */
export async function useClosureLink(trx: Executor, token: string): Promise<number> {
  const customerId = await consumeToken(trx, token, "close");
  if (customerId === null) throw new ApiError("LinkNotValid");
  return customerId;
}

/** Her address book (issue 36: a shopper's own data). */
export function addressPersonalData(customerId: number) {
  return db()
    .selectFrom("addresses")
    .select([
      "address_type",
      "first_name",
      "last_name",
      "company",
      "street1",
      "street2",
      "postal_code",
      "city",
      "country_id",
      "phone",
      "created_at",
    ])
    .where("customer_id", "=", customerId)
    .orderBy("id")
    .execute();
}

/** Her addresses and links go with her account. */
export async function eraseAccountData(trx: Executor, customerId: number): Promise<void> {
  await trx.deleteFrom("addresses").where("customer_id", "=", customerId).execute();
  await trx.deleteFrom("account_tokens").where("customer_id", "=", customerId).execute();
}
