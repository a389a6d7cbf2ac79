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

/** Removes what a test customer had: sessions, carts, lists, addresses, then the customer. */
export function removeCustomer(database: string, customer: TestCustomer): void {
  const db = new Database(database);
  try {
    db.pragma("busy_timeout = 5000");
    db.transaction(() => {
      const id = customer.id;
      db.prepare("delete from sessions where customer_id = ?").run(id);
      db.prepare("delete from cart_lines where cart_id in (select id from carts where customer_id = ?)").run(id);
      db.prepare("delete from carts where customer_id = ?").run(id);
      db.prepare(
        "delete from wishlist_items where wishlist_id in (select id from wishlists where customer_id = ?)",
      ).run(id);
      db.prepare("delete from wishlists where customer_id = ?").run(id);
      db.prepare("delete from account_tokens where customer_id = ?").run(id);
      db.prepare("delete from addresses where customer_id = ?").run(id);
      // A customer who placed an order stays, with it: orders are the shop's records.
      const ordered = db.prepare("select 1 from orders where customer_id = ? limit 1").get(id);
      if (!ordered) db.prepare("delete from customers where id = ?").run(id);
    })();
  } finally {
    db.close();
  }
}
