import { createHash, randomBytes } from "node:crypto";
import type { Executor } from "~/server/db/client";

export type TokenPurpose = "verify" | "reset" | "close";

/** Tokens are kept as hashes: a copy of the database gives no one a working link. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** A new single-use token for a customer; answers the raw token, which only the mail carries. */
export async function createToken(
  ex: Executor,
  customerId: number,
  purpose: TokenPurpose,
  validHours: number,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await ex
    .insertInto("account_tokens")
    .values({
      customer_id: customerId,
      purpose,
      token_hash: tokenHash(token),
      expires_at: new Date(now.getTime() + validHours * 3_600_000).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return token;
}

/** The customer a token is good for, without using it (the reset page shows its form only then). */
export async function peekToken(ex: Executor, token: string, purpose: TokenPurpose, now = new Date()) {
  const row = await ex
    .selectFrom("account_tokens")
    .select("customer_id")
    .where("token_hash", "=", tokenHash(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row?.customer_id ?? null;
}

/**
 * Uses a token, once: the update that marks it used is also the check, so two requests with the same
 * link cannot both succeed. Answers the customer, or null (unknown, used or expired).
 */
export async function consumeToken(
  ex: Executor,
  token: string,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<number | null> {
  const row = await ex
    .updateTable("account_tokens")
    .set({ used_at: now.toISOString() })
    .where("token_hash", "=", tokenHash(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .returning("customer_id")
    .executeTakeFirst();
  return row?.customer_id ?? null;
}

/** Retires a customer's other unused tokens of a purpose (a new reset link replaces the old ones). */
export async function retireTokens(ex: Executor, customerId: number, purpose: TokenPurpose, now = new Date()) {
  await ex
    .updateTable("account_tokens")
    .set({ used_at: now.toISOString() })
    .where("customer_id", "=", customerId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
}
