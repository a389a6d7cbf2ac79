import type { Culture } from "~/lib/culture";
import { DEMO_CUSTOMERS } from "~/server/db/seed/catalog-data";
import type { SeedContext } from "~/server/db/seed/seeder";
import { hashPassword } from "~/server/security/password";

/** The demo customers (private, business, staff) the README lists. */
export async function seedCustomers(ctx: SeedContext): Promise<void> {
  const { handle, now } = ctx;
  const iso = (d: Date) => d.toISOString();
  for (const customer of DEMO_CUSTOMERS) {
    await handle.db
      .insertInto("customers")
      .values({
        email: customer.email,
        password_hash: await hashPassword(customer.password),
        first_name: customer.first,
        last_name: customer.last,
        culture: customer.culture satisfies Culture,
        is_business: customer.business ? 1 : 0,
        company_name: customer.business?.company ?? null,
        vat_number: customer.business?.vat ?? null,
        role: customer.role,
        created_at: iso(now),
        email_verified_at: iso(now),
        totp_secret: "totpSecret" in customer ? customer.totpSecret : null,
        totp_enabled_at: "totpSecret" in customer ? iso(now) : null,
        totp_last_step: null,
        default_billing_address_id: null,
        default_shipping_address_id: null,
      })
      .execute();
  }
}
