import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import { hashPassword } from "../../src/server/security/password";

/** A customer made for one test: signs in like any other, and is gone after it. */
export interface TestCustomer {
  id: number;
  email: string;
  password: string;
}

const PASSWORD = "Lantern orchard 47 tides";

/**
 * Creates a verified customer in the worker's database (like epic-stack's `login()`), so a test that
 * changes a customer's lists, addresses or cart changes its own and leaves the demo accounts as seeded.
 */
export async function createCustomer(database: string, culture: string): Promise<TestCustomer> {
  const passwordHash = await hashPassword(PASSWORD);
  const email = `test-${randomBytes(6).toString("hex")}@example.org`;
  const now = new Date().toISOString();
  const db = new Database(database);
  try {
    db.pragma("busy_timeout = 5000");
    const row = db
      .prepare(
        `insert into customers (email, password_hash, first_name, last_name, culture, is_business, role, created_at, email_verified_at)
         values (?, ?, 'Test', 'Client', ?, 0, 'customer', ?, ?) returning id`,
      )
      .get(email, passwordHash, culture, now, now) as { id: number };
    return { id: row.id, email, password: PASSWORD };
  } finally {
    db.close();
  }
}

/**
 * Removes what a test customer had: sessions and carts, then, unless they placed an order, their lists,
 * credit, addresses and the customer.
 */
export function removeCustomer(database: string, customer: TestCustomer): void {
  const db = new Database(database);
  try {
    db.pragma("busy_timeout = 5000");
    db.transaction(() => {
      const id = customer.id;
      db.prepare("delete from sessions where customer_id = ?").run(id);
      db.prepare("delete from cart_lines where cart_id in (select id from carts where customer_id = ?)").run(id);
      db.prepare("delete from carts where customer_id = ?").run(id);
      // A customer who placed an order stays, with what the order refers to: orders are the shop's records.
      if (db.prepare("select 1 from orders where customer_id = ? limit 1").get(id)) return;
      db.prepare(
        "delete from wishlist_items where wishlist_id in (select id from wishlists where customer_id = ?)",
      ).run(id);
      db.prepare("delete from wishlists where customer_id = ?").run(id);
      db.prepare("delete from account_tokens where customer_id = ?").run(id);
      db.prepare(
        "delete from prepaid_movements where account_id in (select id from prepaid_accounts where customer_id = ?)",
      ).run(id);
      db.prepare("delete from prepaid_accounts where customer_id = ?").run(id);
      db.prepare(
        "update customers set default_billing_address_id = null, default_shipping_address_id = null where id = ?",
      ).run(id);
      db.prepare("delete from addresses where customer_id = ?").run(id);
      db.prepare("delete from customers where id = ?").run(id);
    })();
  } finally {
    db.close();
  }
}

/**
 * Gives a test customer what the prepaid journeys start from, as the demo shop gives Marie: a "Compte
 * principal" with more movements than one page holds, "Cadeaux" at 5,50 €, and a Belgian address for
 * billing and delivery.
 */
export function givePrepaidSetUp(database: string, customer: TestCustomer): void {
  const db = new Database(database);
  try {
    db.pragma("busy_timeout = 5000");
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
      const country = db.prepare("select id from countries where code = 'BE'").get() as { id: number };
      const address = db
        .prepare(
          `insert into addresses (customer_id, address_type, first_name, last_name, company, street1, street2, postal_code, city, country_id, phone, created_at)
           values (?, 'Both', 'Test', 'Client', null, 'Rue de la Loi 16', null, '1000', 'Bruxelles', ?, null, ?) returning id`,
        )
        .get(customer.id, country.id, at(60)) as { id: number };
      db.prepare(
        "update customers set default_billing_address_id = ?, default_shipping_address_id = ? where id = ?",
      ).run(address.id, address.id, customer.id);
    })();
  } finally {
    db.close();
  }
}
