import { sql } from "kysely";
import { database, type Executor } from "~/server/db/client";
import type { SignedInCustomer } from "./customers";

export async function findCustomerByEmail(ex: Executor, email: string) {
  return ex.selectFrom("customers").selectAll().where("email", "=", email).executeTakeFirst();
}

export async function findCustomerById(ex: Executor, id: number): Promise<SignedInCustomer | undefined> {
  const row = await ex
    .selectFrom("customers")
    .select(["id", "email", "first_name", "last_name", "culture", "is_business", "role", "totp_enabled_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        culture: row.culture,
        isBusiness: row.is_business === 1,
        role: row.role,
        twoFactor: row.totp_enabled_at !== null,
      }
    : undefined;
}

export interface NewCustomerInput {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  culture: string;
  isBusiness: boolean;
  companyName: string | null;
  vatNumber: string | null;
}

/** Inserts a shopper's account; the address's unique index refuses a second one (isUniqueViolation). */
export async function insertCustomer(ex: Executor, input: NewCustomerInput, now = new Date()): Promise<number> {
  const row = await ex
    .insertInto("customers")
    .values({
      email: input.email,
      password_hash: input.passwordHash,
      first_name: input.firstName,
      last_name: input.lastName,
      culture: input.culture,
      is_business: input.isBusiness ? 1 : 0,
      company_name: input.companyName,
      vat_number: input.vatNumber,
      role: "customer",
      created_at: now.toISOString(),
      email_verified_at: null,
      totp_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      default_billing_address_id: null,
      default_shipping_address_id: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What the security pages read besides the profile: the hash, verification and two-factor state. */
export async function customerSecurity(ex: Executor, id: number) {
  return ex
    .selectFrom("customers")
    .select([
      "id",
      "email",
      "password_hash",
      "culture",
      "email_verified_at",
      "totp_secret",
      "totp_enabled_at",
      "security_stamp",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function updateCustomerSecurity(
  ex: Executor,
  id: number,
  changes: Partial<{
    password_hash: string;
    culture: string;
    email_verified_at: string;
    totp_secret: string | null;
    totp_enabled_at: string | null;
    totp_last_step: number | null;
  }>,
): Promise<void> {
  const query = ex.updateTable("customers").where("id", "=", id);
  await (changes.password_hash
    ? query.set((eb) => ({ ...changes, security_stamp: eb("security_stamp", "+", 1) }))
    : query.set(changes)
  ).execute();
}

/**
 * Records the time step of an accepted two-factor code, only if it is later than the last one: the
 * update is the check, so one code cannot be used twice, even by two requests at once.
 */
export async function claimTotpStep(ex: Executor, id: number, step: number): Promise<boolean> {
  const result = await ex
    .updateTable("customers")
    .set({ totp_last_step: step })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(ex: Executor, customerId: number, hashes: string[]): Promise<void> {
  await ex.deleteFrom("recovery_codes").where("customer_id", "=", customerId).execute();
  if (hashes.length)
    await ex
      .insertInto("recovery_codes")
      .values(hashes.map((code_hash) => ({ customer_id: customerId, code_hash, used_at: null })))
      .execute();
}

/** Uses one recovery code, once (the update is the check). */
export async function spendRecoveryCode(ex: Executor, customerId: number, hash: string): Promise<boolean> {
  const result = await ex
    .updateTable("recovery_codes")
    .set({ used_at: new Date().toISOString() })
    .where("customer_id", "=", customerId)
    .where("code_hash", "=", hash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function unusedRecoveryCodes(ex: Executor, customerId: number): Promise<number> {
  const row = await ex
    .selectFrom("recovery_codes")
    .select(ex.fn.countAll().as("n"))
    .where("customer_id", "=", customerId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Makes an address the customer's default billing or delivery address. */
export async function setDefaultAddress(
  ex: Executor,
  customerId: number,
  use: "Billing" | "Shipping",
  id: number,
): Promise<void> {
  await ex
    .updateTable("customers")
    .set(use === "Billing" ? { default_billing_address_id: id } : { default_shipping_address_id: id })
    .where("id", "=", customerId)
    .execute();
}

/** An address that is gone is no longer the customer's default for anything. */
export async function forgetDefaultAddress(ex: Executor, customerId: number, id: number): Promise<void> {
  await ex
    .updateTable("customers")
    .set((eb) => ({
      default_billing_address_id: eb
        .case()
        .when("default_billing_address_id", "=", id)
        .then(null)
        .else(eb.ref("default_billing_address_id"))
        .end(),
      default_shipping_address_id: eb
        .case()
        .when("default_shipping_address_id", "=", id)
        .then(null)
        .else(eb.ref("default_shipping_address_id"))
        .end(),
    }))
    .where("id", "=", customerId)
    .execute();
}

/** What the shop tells of an account, to the merchant's systems or to its owner: never its secrets. */
const ACCOUNT_FIELDS = [
  "email",
  "first_name",
  "last_name",
  "culture",
  "is_business",
  "company_name",
  "vat_number",
  "role",
  "created_at",
  "email_verified_at",
] as const;

/**
 * Customers for the merchant's systems and the staff (issues 35, 72), newest first, never secrets: by
 * the start of an e-mail, a part of the name (first, last, or both), or a VAT number typed with or
 * without its spaces and dots. Closed accounts are left out.
 */
export function customerPage(ex: Executor, search: string | undefined, offset: number, limit: number) {
  let query = ex
    .selectFrom("customers")
    .select(["id", ...ACCOUNT_FIELDS])
    .where("closed_at", "is", null);
  const q = search
    ?.trim()
    .toLowerCase()
    .replace(/[\\%_]/g, "");
  if (q) {
    const vat = q.toUpperCase().replace(/[\s.-]/g, "");
    query = query.where((eb) =>
      eb.or([
        eb("email", "like", `${q}%`),
        eb(sql`lower(first_name || ' ' || last_name)`, "like", `%${q}%`),
        eb(sql`lower(last_name || ' ' || first_name)`, "like", `%${q}%`),
        ...(vat.length >= 4 ? [eb("vat_number", "like", `%${vat}%`)] : []),
      ]),
    );
  }
  return query.orderBy("id", "desc").offset(offset).limit(limit).execute();
}

/** A staff member's note on a customer (issue 72); empty removes it. */
export async function setStaffNote(ex: Executor, id: number, note: string | null): Promise<boolean> {
  const done = await ex.updateTable("customers").set({ staff_note: note }).where("id", "=", id).executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** The note staff keep on a customer, or null. */
export async function staffNote(ex: Executor, id: number): Promise<string | null> {
  const row = await ex.selectFrom("customers").select("staff_note").where("id", "=", id).executeTakeFirst();
  return row?.staff_note ?? null;
}

/** Her account as the shop keeps it, without its secrets (issue 36: a shopper's own data). */
export function customerProfile(ex: Executor, id: number) {
  return ex
    .selectFrom("customers")
    .select([...ACCOUNT_FIELDS, "totp_enabled_at", "staff_note"])
    .where("id", "=", id)
    .where("closed_at", "is", null)
    .executeTakeFirst();
}

/** The address a closed account keeps: unique, reaching no one, never a sign-in. */
export const closedAccountEmail = (id: number) => `closed-${id}@closed.invalid`;

/**
 * Closes an account (issue 36): its personal data erased, the row kept for the orders that point at it;
 * no password matches "!" and the new stamp ends whatever was pending on the old one. Answers false
 * when it was closed already.
 */
export async function anonymiseCustomerRow(ex: Executor, id: number, now: string): Promise<boolean> {
  const result = await ex
    .updateTable("customers")
    .set((eb) => ({
      email: closedAccountEmail(id),
      password_hash: "!",
      first_name: "",
      last_name: "",
      company_name: null,
      vat_number: null,
      staff_note: null,
      totp_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      email_verified_at: null,
      default_billing_address_id: null,
      default_shipping_address_id: null,
      closed_at: now,
      security_stamp: eb("security_stamp", "+", 1),
    }))
    .where("id", "=", id)
    .where("closed_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await ex.deleteFrom("recovery_codes").where("customer_id", "=", id).execute();
  return true;
}

/** The shop's staff (issue 72): every account with a staff role, owners first, then by name. */
export async function staffAccounts(ex: Executor, roles: readonly string[]) {
  return ex
    .selectFrom("customers")
    .select(["id", "email", "first_name", "last_name", "role", "culture", "totp_enabled_at", "created_at"])
    .where("role", "in", [...roles])
    .where("closed_at", "is", null)
    .orderBy("role", "desc")
    .orderBy("last_name")
    .orderBy("id")
    .execute();
}

/** A staff member's role (or `customer`, out of the staff); false when there is no such open account. */
export async function setCustomerRole(ex: Executor, id: number, role: string): Promise<boolean> {
  const done = await ex
    .updateTable("customers")
    .set({ role })
    .where("id", "=", id)
    .where("closed_at", "is", null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/**
 * The open accounts of a role, counted, and on PostgreSQL locked for the rest of the transaction: two
 * owners taking each other's role at once are one after the other, so the second sees one owner left.
 * (SQLite runs one write transaction at a time.)
 */
export async function countRole(ex: Executor, role: string): Promise<number> {
  let query = ex.selectFrom("customers").select("id").where("role", "=", role).where("closed_at", "is", null);
  if (database().dialect === "postgres") query = query.forUpdate();
  return (await query.execute()).length;
}
