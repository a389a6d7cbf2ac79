import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import { generateSecret } from "otplib";
import { giveBirthList } from "../../src/features/birthlists/birthlists.seed";
import { giveAfterSale } from "../../src/features/refunds/after-sale.seed";
import { giveWishlists } from "../../src/features/wishlists/wishlists.seed";
import { openDatabase } from "../../src/server/db/client";
import { hashPassword } from "../../src/server/security/password";

/** A customer made for one test: signs in like any other, and is gone after it. */
export interface TestCustomer {
  id: number;
  email: string;
  password: string;
  /** An owner's two-factor secret (base32): `otplib`'s `generate({ secret })` makes its codes. */
  totpSecret?: string;
}

const PASSWORD = "Lantern orchard 47 tides";

/** The worker's SQLite database, opened for one piece of test setup (the server writes to it too). */
export function withSqlite<T>(database: string, work: (db: Database.Database) => T): T {
  const db = new Database(database);
  try {
    db.pragma("busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}

/**
 * Creates a verified customer in the worker's database (like epic-stack's `login()`), so a test that
 * changes a customer's lists, addresses or cart changes its own and leaves the demo accounts as seeded.
 */
export async function createCustomer(
  database: string,
  culture: string,
  {
    role = "customer",
    business = false,
  }: { role?: "customer" | "owner" | "assistant" | "editor"; business?: boolean } = {},
): Promise<TestCustomer> {
  const passwordHash = await hashPassword(PASSWORD);
  // The shop's owner signs in with two factors (issue 72): each test's owner has a secret of its own.
  const totpSecret = role === "owner" ? generateSecret() : undefined;
  const email = `test-${randomBytes(6).toString("hex")}@example.org`;
  const now = new Date().toISOString();
  return withSqlite(database, (db) => {
    const row = db
      .prepare(
        `insert into customers (email, password_hash, first_name, last_name, culture, is_business, company_name, vat_number, role, created_at, email_verified_at, totp_secret, totp_enabled_at)
         values (?, ?, 'Test', 'Client', ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
      )
      .get(
        email,
        passwordHash,
        culture,
        business ? 1 : 0,
        // Jan's company in the demo shop: a valid Belgian VAT number.
        business ? "Peeters Textiel BV" : null,
        business ? "BE0403019261" : null,
        role,
        now,
        now,
        totpSecret ?? null,
        totpSecret ? now : null,
      ) as { id: number };
    return { id: row.id, email, password: PASSWORD, ...(totpSecret ? { totpSecret } : {}) };
  });
}

/**
 * Removes what a test customer had: sessions and carts, then, unless they placed an order, their lists,
 * credit, addresses and the customer.
 */
export function removeCustomer(database: string, customer: TestCustomer): void {
  withSqlite(database, (db) => {
    db.transaction(() => {
      const id = customer.id;
      db.prepare("delete from sessions where customer_id = ?").run(id);
      db.prepare("delete from staff_invitations where invited_by = ?").run(id);
      db.prepare("delete from cart_lines where cart_id in (select id from carts where customer_id = ?)").run(id);
      db.prepare("delete from carts where customer_id = ?").run(id);
      // A customer who placed an order stays, with what the order refers to: orders are the shop's records.
      if (db.prepare("select 1 from orders where customer_id = ? limit 1").get(id)) return;
      db.prepare(
        "delete from wishlist_items where wishlist_id in (select id from wishlists where customer_id = ?)",
      ).run(id);
      db.prepare("delete from wishlists where customer_id = ?").run(id);
      const lists = "select id from birth_lists where customer_id = ?";
      db.prepare(
        `delete from birth_list_gifts where item_id in (select id from birth_list_items where birth_list_id in (${lists}))`,
      ).run(id);
      db.prepare(`delete from birth_list_items where birth_list_id in (${lists})`).run(id);
      db.prepare("delete from birth_lists where customer_id = ?").run(id);
      db.prepare("delete from account_tokens where customer_id = ?").run(id);
      db.prepare(
        "delete from prepaid_movements where account_id in (select id from prepaid_accounts where customer_id = ?)",
      ).run(id);
      // A top-up of one of the customer's accounts may wait in another cart (staff add credit for her).
      db.prepare(
        "delete from cart_lines where prepaid_account_id in (select id from prepaid_accounts where customer_id = ?)",
      ).run(id);
      db.prepare("delete from prepaid_accounts where customer_id = ?").run(id);
      db.prepare(
        "update customers set default_billing_address_id = null, default_shipping_address_id = null where id = ?",
      ).run(id);
      db.prepare("delete from addresses where customer_id = ?").run(id);
      db.prepare("delete from customer_references where customer_id = ?").run(id);
      db.prepare("delete from customers where id = ?").run(id);
    })();
  });
}

/** Runs one of the demo seed's "give" functions on the worker's database, for a test customer. */
async function withDatabase(database: string, give: (handle: ReturnType<typeof openDatabase>) => Promise<void>) {
  const handle = openDatabase(database);
  try {
    await give(handle);
  } finally {
    await handle.db.destroy();
  }
}

/** Gives a test customer the demo's birth list (Marie's, seeded), under a name and parents of its own. */
export async function giveBirthListTo(
  database: string,
  customer: TestCustomer,
  names: { name: string; parents: string },
) {
  await withDatabase(database, (handle) => giveBirthList(handle.db, customer.id, new Date(), names));
}

/**
 * Gives a test customer the demo's after-sale history (Marie's, seeded): a paid order with a refund asked
 * on one unit of its first line, and a shipped order. Answers the two order numbers, the test's own.
 */
export async function giveAfterSaleTo(database: string, customer: TestCustomer): Promise<[string, string]> {
  // Order numbers are "VT-" and ten hexadecimal digits; the seeded ones start with DE, these with FE.
  const stem = randomBytes(3).toString("hex").toUpperCase();
  const numbers: [string, string] = [`VT-FE${stem}01`, `VT-FE${stem}02`];
  await withDatabase(database, (handle) => giveAfterSale(handle.db, customer, new Date(), numbers));
  return numbers;
}

/** Whose demo wishlists a culture's test customer gets: Marie's (fr), Jan's (nl), Lucia's (es). */
const WISHLISTS_OF = { fr: 0, nl: 1, es: 2 } as const;

/**
 * Gives a test customer the same two wishlists, with the same products, as the demo customer of that
 * culture: Jan's in nl (the demo's second customer), Lucia's in es. The same products every run, so a
 * test never meets a product that happens to be out of stock in one run and not in another.
 */
export async function giveWishlistsTo(database: string, customer: TestCustomer, culture: keyof typeof WISHLISTS_OF) {
  const position = WISHLISTS_OF[culture];
  await withDatabase(database, (handle) =>
    giveWishlists(handle.db, { id: customer.id, culture }, position, new Date()),
  );
}

/** An address of the demo shop: Marie's in Brussels, Jan's in Rotterdam. */
const ADDRESSES = {
  BE: ["Rue de la Loi 16", "1000", "Bruxelles"],
  NL: ["Coolsingel 40", "3011", "Rotterdam"],
} as const;

/** Gives a test customer a first name of its own, to find it (or not) in pages. */
export function renameCustomer(database: string, customer: TestCustomer, firstName: string): void {
  withSqlite(database, (db) => {
    db.prepare("update customers set first_name = ? where id = ?").run(firstName, customer.id);
  });
}

/** Gives a test customer a demo address (Marie's by default), for billing and delivery. */
export function giveAddress(database: string, customer: TestCustomer, country: keyof typeof ADDRESSES = "BE"): void {
  const [street, postalCode, city] = ADDRESSES[country];
  withSqlite(database, (db) => {
    const { id: countryId } = db.prepare("select id from countries where code = ?").get(country) as { id: number };
    const address = db
      .prepare(
        `insert into addresses (customer_id, address_type, first_name, last_name, company, street1, street2, postal_code, city, country_id, phone, created_at)
         values (?, 'Both', 'Test', 'Client', null, ?, null, ?, ?, ?, null, ?) returning id`,
      )
      .get(customer.id, street, postalCode, city, countryId, new Date().toISOString()) as { id: number };
    db.prepare("update customers set default_billing_address_id = ?, default_shipping_address_id = ? where id = ?").run(
      address.id,
      address.id,
      customer.id,
    );
  });
}

/**
 * Gives a test customer what the prepaid journeys start from, as the demo shop gives Marie: a "Compte
 * principal" with more movements than one page holds, "Cadeaux" at 5,50 €, and a Belgian address for
 * billing and delivery.
 */
export function givePrepaidSetUp(database: string, customer: TestCustomer): void {
  withSqlite(database, (db) => {
    db.transaction(() => {
      const now = Date.now();
      const at = (days: number) => new Date(now - days * 86_400_000).toISOString();
      const accounts: [string, number[]][] = [
        ["Compte principal", [5000, -1890, 2500, -1240, -760, 3000, -2210, -990, 1500, -420, -1080, 2000, -1310, -690]],
        ["Cadeaux", [2000, -1450]],
      ];
      for (const [name, moves] of accounts) {
        const balance = moves.reduce((a, b) => a + b, 0);
        const account = db
          .prepare(
            `insert into prepaid_accounts (customer_id, name, balance, notify_usage, low_balance_threshold, created_at)
             values (?, ?, ?, 0, 1000, ?) returning id`,
          )
          .get(customer.id, name, balance, at(60)) as { id: number };
        let after = 0;
        moves.forEach((amount, i) => {
          after += amount;
          db.prepare(
            `insert into prepaid_movements (account_id, amount, kind, order_id, balance_after, label, created_at)
             values (?, ?, ?, null, ?, null, ?)`,
          ).run(account.id, amount, amount > 0 ? "TopUp" : "Payment", after, at(55 - i));
        });
      }
    })();
  });
  giveAddress(database, customer);
}
