import { generate } from "otplib";
import { beforeEach, describe, expect, it } from "vitest";
import { eraseExpiredOrders } from "~/features/orders/personal-data.server";
import { db } from "~/server/db/client";
import { mailedLink, NEW_PASSWORD, registration } from "../../../tests/support/accounts";
import { apiClient } from "../../../tests/support/api";
import { DIALECTS, useTestDatabase } from "../../../tests/support/db";
import { paidOrder } from "../../../tests/support/orders";

type Client = ReturnType<typeof apiClient>;

/** A new shopper (her own data, nothing of the demo's), signed in, with a paid order. */
async function shopperWithOrder(email: string, ip: string) {
  const client = apiClient(ip);
  expect((await client.call("POST", "/security/register", registration({ Email: email, Culture: "fr" }))).status).toBe(
    200,
  );
  const id = (await db().selectFrom("customers").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  const order = await paidOrder(client, [1]);
  await db()
    .insertInto("addresses")
    .values({
      customer_id: id,
      address_type: "Billing",
      first_name: "Léa",
      last_name: "Martin",
      company: null,
      street1: "Rue Haute 1",
      street2: null,
      postal_code: "1000",
      city: "Bruxelles",
      country_id: 1,
      phone: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  return { client, id, order, email };
}

const ship = (orderId: number) =>
  db()
    .updateTable("orders")
    .set({ status: "Shipped", shipped_at: new Date().toISOString() })
    .where("id", "=", orderId)
    .execute();

async function signIn(email: string, password: string, ip: string): Promise<Client & { status: number }> {
  const client = apiClient(ip);
  const response = await client.call("POST", "/security/login", { Email: email, Password: password });
  return Object.assign(client, { status: response.status });
}

describe.each(DIALECTS)("a shopper's own data on %s (issue 36)", (dialect) => {
  useTestDatabase(dialect, { products: 20 });
  beforeEach(async () => {
    await db().deleteFrom("cart_lines").execute();
  });

  it("downloads everything the shop holds about her as JSON, and only hers", async () => {
    const lea = await shopperWithOrder("lea.export@example.org", "198.51.100.61");
    const jan = await signIn("jan@vitrine.test", "Vitrine-demo-2", "198.51.100.62");
    const hisOrder = await paidOrder(jan, [1]);
    expect((await apiClient("198.51.100.63").call("GET", "/account/data")).status).toBe(401);
    const response = await lea.client.call("GET", "/account/data");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="vitrine-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await response.text();
    const data = JSON.parse(text) as Record<string, unknown> & {
      Account: { email: string };
      Orders: { number: string; lines: unknown[]; billing_address: { Street1: string } }[];
      Addresses: { street1: string }[];
      Mails: { subject: string }[];
    };
    expect(data.Account.email).toBe("lea.export@example.org");
    expect(data.Orders.map((o) => o.number)).toEqual([lea.order.number]);
    expect(data.Orders[0]?.lines).toHaveLength(1);
    expect(data.Addresses.map((a) => a.street1)).toEqual(["Rue Haute 1"]);
    expect(data.Mails.length).toBeGreaterThan(0);
    for (const part of [
      "Wishlists",
      "BirthLists",
      "Prepaid",
      "RefundRequests",
      "ConsentRecords",
      "CouponUses",
      "Carts",
    ])
      expect(data).toHaveProperty(part);
    // No secret of hers, nothing of his.
    expect(text).not.toMatch(/scrypt|password_hash|totp_secret|token_hash/);
    expect(text).not.toContain(hisOrder.number);
    expect(text).not.toContain("jan@vitrine.test");
  });

  it("keeps the account open while an order is under way or credit is left, and asks her password first", async () => {
    const lea = await shopperWithOrder("lea.blocked@example.org", "198.51.100.64");
    const wrong = await lea.client.call("POST", "/account/closure", { Password: "not her password" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { Errors: Record<string, string[]> }).Errors).toHaveProperty("Password");
    const blocked = await lea.client.call(
      "POST",
      "/account/closure",
      { Password: NEW_PASSWORD },
      { "X-Culture": "fr" },
    );
    expect(blocked.status).toBe(409);
    const errors = ((await blocked.json()) as { Errors: { Closure: string[] } }).Errors.Closure;
    expect(errors.join(" ")).toContain(lea.order.number);
    await ship(lea.order.id);
    await db()
      .insertInto("prepaid_accounts")
      .values({
        customer_id: lea.id,
        name: "Cantine",
        balance: 1250,
        notify_usage: 0,
        low_balance_threshold: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    const credit = await lea.client.call("POST", "/account/closure", { Password: NEW_PASSWORD }, { "X-Culture": "fr" });
    expect(credit.status).toBe(409);
    expect(((await credit.json()) as { Errors: { Closure: string[] } }).Errors.Closure.join(" ")).toMatch(/12,50/);
    expect(await db().selectFrom("account_tokens").select("id").where("purpose", "=", "close").execute()).toEqual([]);
  });

  it("asks the second factor of an account that has one, and a recovery code does too", async () => {
    const client = apiClient("198.51.100.65");
    expect(
      (await client.call("POST", "/security/register", registration({ Email: "lea.totp@example.org" }))).status,
    ).toBe(200);
    const setup = (await (await client.call("POST", "/security/twofactor/setup")).json()) as { Secret: string };
    const code = await generate({ secret: setup.Secret, epoch: Math.floor(Date.now() / 1000) });
    const enabled = await client.call("POST", "/security/twofactor/enable", { Code: code });
    expect(enabled.status).toBe(200);
    const { RecoveryCodes } = (await enabled.json()) as { RecoveryCodes: string[] };
    const without = await client.call("POST", "/account/closure", { Password: NEW_PASSWORD });
    expect(without.status).toBe(400);
    expect(((await without.json()) as { Errors: Record<string, string[]> }).Errors).toHaveProperty("Code");
    expect((await client.call("POST", "/account/closure", { Password: NEW_PASSWORD, Code: "000000" })).status).not.toBe(
      200,
    );
    expect(await db().selectFrom("account_tokens").select("id").where("purpose", "=", "close").execute()).toEqual([]);
    const withRecovery = await client.call("POST", "/account/closure", {
      Password: NEW_PASSWORD,
      Code: RecoveryCodes[0],
    });
    expect(withRecovery.status).toBe(200);
    expect((await mailedLink("lea.totp@example.org")).path).toMatch(/^\/nl\/account\/close\?token=/);
  });

  it("closes her account from the mailed link: sessions end, the old password fails, orders stay anonymised", async () => {
    const lea = await shopperWithOrder("lea.close@example.org", "198.51.100.66");
    const elsewhere = await signIn("lea.close@example.org", NEW_PASSWORD, "198.51.100.67");
    expect(elsewhere.status).toBe(200);
    await ship(lea.order.id);
    const jan = await signIn("jan@vitrine.test", "Vitrine-demo-2", "198.51.100.68");
    const asked = await lea.client.call("POST", "/account/closure", { Password: NEW_PASSWORD });
    expect(asked.status).toBe(200);
    const link = await mailedLink("lea.close@example.org");
    expect(link.path).toMatch(/^\/fr\/account\/close\?token=[\w-]{43}$/);
    // A wrong or another's token changes nothing.
    expect((await jan.call("POST", "/account/closure/confirm", { Token: "x".repeat(43) })).status).toBe(400);
    // Two clicks at once close it once.
    const confirms = await Promise.all([
      apiClient("198.51.100.69").call("POST", "/account/closure/confirm", { Token: link.token }),
      apiClient("198.51.100.70").call("POST", "/account/closure/confirm", { Token: link.token }),
    ]);
    expect(confirms.map((r) => r.status).sort()).toEqual([200, 400]);

    expect((await lea.client.call("GET", "/account/data")).status).toBe(401);
    expect((await elsewhere.call("GET", "/security/me")).status).toBe(401);
    expect((await signIn("lea.close@example.org", NEW_PASSWORD, "198.51.100.71")).status).not.toBe(200);
    const customer = await db().selectFrom("customers").selectAll().where("id", "=", lea.id).executeTakeFirstOrThrow();
    expect(customer).toMatchObject({
      email: `closed-${lea.id}@closed.invalid`,
      first_name: "",
      last_name: "",
      totp_secret: null,
    });
    expect(customer.closed_at).not.toBeNull();
    expect(await db().selectFrom("addresses").select("id").where("customer_id", "=", lea.id).execute()).toEqual([]);
    expect(
      await db().selectFrom("mail_outbox").select("id").where("to_address", "=", "lea.close@example.org").execute(),
    ).toEqual([]);
    const order = await db().selectFrom("orders").selectAll().where("id", "=", lea.order.id).executeTakeFirstOrThrow();
    // The books keep the buyer for the retention period: her name, address and e-mail stay on the order.
    expect(order).toMatchObject({ customer_id: lea.id, email: "lea.close@example.org", status: "Shipped" });
    expect(JSON.parse(order.billing_address).LastName).toBe("Martin");
    // Jan's account is untouched; the same address can open a new account.
    expect((await jan.call("GET", "/security/me")).status).toBe(200);
    expect(
      (
        await apiClient("198.51.100.72").call(
          "POST",
          "/security/register",
          registration({ Email: "lea.close@example.org" }),
        )
      ).status,
    ).toBe(200);

    // Past the legal retention, the order loses its buyer; others' orders keep theirs.
    const old = new Date(Date.now() - 11 * 365 * 86_400_000).toISOString();
    await db().updateTable("orders").set({ created_at: old }).where("customer_id", "in", [lea.id]).execute();
    const janId = (
      await db().selectFrom("customers").select("id").where("email", "=", "jan@vitrine.test").executeTakeFirstOrThrow()
    ).id;
    await db().updateTable("orders").set({ created_at: old }).where("customer_id", "=", janId).execute();
    expect(await eraseExpiredOrders()).toBe(1);
    const erased = await db()
      .selectFrom("orders")
      .select(["billing_address", "email"])
      .where("id", "=", lea.order.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(erased.billing_address).LastName).toBe("");
    expect(erased.email).toBe(`closed-${lea.id}@closed.invalid`);
    const his = await db().selectFrom("orders").select("billing_address").where("customer_id", "=", janId).execute();
    expect(his.every((o) => JSON.parse(o.billing_address).LastName !== "")).toBe(true);
    expect(await eraseExpiredOrders()).toBe(0);
  });

  it("keeps the account while a withdrawal is not refunded or a provider's refund is under way, and says so in her language", async () => {
    const lea = await shopperWithOrder("lea.withdrew@example.org", "198.51.100.73");
    await ship(lea.order.id);
    const withdrawal = await lea.client.call("POST", "/sales/orders/withdrawal", {
      OrderNumber: lea.order.number,
      Lines: [Number(lea.order.lines[0]?.id)],
      Name: "Léa Martin",
      Address: "Rue Haute 1, 1000 Bruxelles",
    });
    expect(withdrawal.status).toBe(200);
    const closure = () =>
      lea.client.call("POST", "/account/closure", { Password: NEW_PASSWORD }, { "X-Culture": "nl" });
    const blocked = await closure();
    expect(blocked.status).toBe(409);
    expect(((await blocked.json()) as { Errors: { Closure: string[] } }).Errors.Closure).toEqual([
      `uw herroeping van bestelling ${lea.order.number} is nog niet terugbetaald: tot dan moeten we u kunnen schrijven`,
    ]);
    // The provider's refund started: still owed until it is made.
    const payment = await db()
      .selectFrom("payments")
      .select("id")
      .where("order_id", "=", lea.order.id)
      .executeTakeFirstOrThrow();
    const at = new Date(Date.now() + 1000).toISOString();
    await db()
      .insertInto("payment_refunds")
      .values({
        id: `rf-${lea.id}`,
        payment_id: payment.id,
        amount: 100,
        status: "Pending",
        idempotency_key: `rf-${lea.id}`,
        provider_ref: null,
        refund_request_id: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const pending = await closure();
    expect(((await pending.json()) as { Errors: { Closure: string[] } }).Errors.Closure).toContain(
      `een terugbetaling van bestelling ${lea.order.number} loopt nog bij de betaalprovider`,
    );
    expect(
      await db()
        .selectFrom("account_tokens")
        .select("id")
        .where("purpose", "=", "close")
        .where("customer_id", "=", lea.id)
        .execute(),
    ).toEqual([]);
    // Refunded: nothing is owed, the closure goes ahead.
    await db().updateTable("payment_refunds").set({ status: "Refunded" }).where("id", "=", `rf-${lea.id}`).execute();
    expect((await closure()).status).toBe(200);
  });
});
