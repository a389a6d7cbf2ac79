import type { Kysely } from "kysely";
import type { Dialect } from "./index";

/**
 * Self-service accounts: a verified address, two-factor secrets and their recovery codes, and the
 * single-use tokens mailed for verification and password reset (stored hashed, like session ids).
 */
export async function m008_accounts(anyDb: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  const s = db.schema;
  await s.alterTable("customers").addColumn("email_verified_at", "text").execute();
  await s.alterTable("customers").addColumn("totp_secret", "text").execute();
  await s.alterTable("customers").addColumn("totp_enabled_at", "text").execute();
  // The last time step a code was accepted for: a code seen once is not accepted again.
  await s.alterTable("customers").addColumn("totp_last_step", "integer").execute();
  // The address book's defaults, chosen first by the checkout's pickers (no key: deleting an address clears them).
  await s.alterTable("customers").addColumn("default_billing_address_id", "integer").execute();
  await s.alterTable("customers").addColumn("default_shipping_address_id", "integer").execute();
  // Bumped when the password changes: a half-finished two-factor sign-in of before is no longer good.
  await s
    .alterTable("customers")
    .addColumn("security_stamp", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  const id = (name: string) => {
    const table = s.createTable(name);
    return dialect === "postgres"
      ? table.addColumn("id", "serial", (c) => c.primaryKey())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  };
  await id("account_tokens")
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await s.createIndex("account_tokens_customer").on("account_tokens").columns(["customer_id", "purpose"]).execute();

  await id("recovery_codes")
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await s.createIndex("recovery_codes_customer").on("recovery_codes").column("customer_id").execute();
}
