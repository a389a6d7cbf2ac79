import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import type { Session } from "~/server/session/session";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { currentCustomer } from "./customers.server";

/** The signed-in customer is read once per request (the page and its header), by the request's session. */
describe.each(DIALECTS)("the current customer on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database.close();
  });

  async function newCustomer(firstName: string): Promise<number> {
    const row = await db()
      .insertInto("customers")
      .values({
        email: `current-${firstName}-${Date.now()}@example.org`,
        password_hash: "!",
        first_name: firstName,
        last_name: "Client",
        culture: "fr",
        is_business: 0,
        company_name: null,
        vat_number: null,
        role: "customer",
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it("is read once for one request, again for the next, and again when the request signs someone else in", async () => {
    const aline = await newCustomer("Aline");
    const bruno = await newCustomer("Bruno");
    const request: Session = { id: "current-1", customerId: aline, data: {} };
    expect((await currentCustomer(request))?.firstName).toBe("Aline");
    // Changed behind the request's back: the same request keeps what it read, the next one reads it.
    await db().updateTable("customers").set({ first_name: "Aline-Marie" }).where("id", "=", aline).execute();
    expect((await currentCustomer(request))?.firstName).toBe("Aline");
    expect((await currentCustomer({ ...request }))?.firstName).toBe("Aline-Marie");
    // A sign-in within the request (its session now names another customer) reads that customer.
    request.customerId = bruno;
    expect((await currentCustomer(request))?.firstName).toBe("Bruno");
    request.customerId = null;
    expect(await currentCustomer(request)).toBeNull();
  });
});
