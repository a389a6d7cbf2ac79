import { beforeEach, describe, expect, it } from "vitest";
import { releaseUnpaidOrders } from "~/features/orders/unpaid-orders.server";
import { withVat } from "~/lib/money";
import { resetEnvForTests } from "~/server/config/env";
import { db } from "~/server/db/client";
import { apiClient } from "../../../tests/support/api";
import { simpleVariant } from "../../../tests/support/checkout";
import { DIALECTS, useTestDatabase } from "../../../tests/support/db";
import { payByWebhook, placeOrder } from "../../../tests/support/orders";
import { movementsPage } from "./prepaid.server";

/** Signed-in customers keep one cart across sessions: each test starts from an empty one. */
async function emptyCarts() {
  await db().deleteFrom("cart_lines").execute();
}

async function signedIn(email: string, password: string, ip = "203.0.113.50") {
  const client = apiClient(ip);
  expect((await client.call("POST", "/security/login", { Email: email, Password: password })).status).toBe(200);
  return client;
}
const marie = () => signedIn("marie@vitrine.test", "Vitrine-demo-1");
const jan = () => signedIn("jan@vitrine.test", "Vitrine-demo-2");
const staff = () => signedIn("staff@vitrine.test", "Vitrine-staff-1");

async function customerId(email: string) {
  return (await db().selectFrom("customers").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

/** A fresh account of Marie's with a known balance (cents), so tests do not share one. */
async function accountWith(balance: number, name = "Test") {
  const row = await db()
    .insertInto("prepaid_accounts")
    .values({
      customer_id: await customerId("marie@vitrine.test"),
      name,
      balance,
      notify_usage: 1,
      low_balance_threshold: 1000,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const balanceOf = async (id: number) =>
  (await db().selectFrom("prepaid_accounts").select("balance").where("id", "=", id).executeTakeFirstOrThrow()).balance;

describe.each(DIALECTS)("prepaid accounts on %s", (dialect) => {
  useTestDatabase(dialect, { products: 20 });
  beforeEach(emptyCarts);

  it("lists one's own accounts; staff list a customer's; shoppers may not ask for another's", async () => {
    const client = await marie();
    const own = (await (await client.call("GET", "/sales/prepaidaccounts")).json()) as {
      Name: string;
      Balance: number;
    }[];
    expect(own.map((a) => a.Name)).toEqual(["Compte principal", "Cadeaux"]);
    expect(own[0]?.Balance).toBe(3410);
    const marieId = await customerId("marie@vitrine.test");
    expect((await client.call("GET", `/sales/prepaidaccounts?customerId=${marieId}`)).status).toBe(403);
    const seen = await (await (await staff()).call("GET", `/sales/prepaidaccounts?customerId=${marieId}`)).json();
    expect(seen).toEqual(own);
    expect((await apiClient().call("GET", "/sales/prepaidaccounts")).status).toBe(401);
  });

  it("turns the usage notification on and off for one's own account only", async () => {
    const id = await accountWith(0);
    const client = await marie();
    expect(
      (
        await client.call("POST", "/sales/prepaidaccounts/setnotification", {
          IsActivated: false,
          PrepaidAccountId: id,
        })
      ).status,
    ).toBe(200);
    expect(
      (await db().selectFrom("prepaid_accounts").select("notify_usage").where("id", "=", id).executeTakeFirstOrThrow())
        .notify_usage,
    ).toBe(0);
    expect(
      (
        await (
          await jan()
        ).call("POST", "/sales/prepaidaccounts/setnotification", { IsActivated: true, PrepaidAccountId: id })
      ).status,
    ).toBe(404);
    expect(
      (
        await apiClient().call("POST", "/sales/prepaidaccounts/setnotification", {
          IsActivated: true,
          PrepaidAccountId: id,
        })
      ).status,
    ).toBe(401);
  });

  it("adds money as a cart line, refuses a missing quantity and another's account, and lets staff top up a customer", async () => {
    const id = await accountWith(0);
    const client = await marie();
    const missing = await client.call(
      "POST",
      "/sales/prepaidaccounts/addtocart",
      { PrepaidAccountId: id },
      { "X-Culture": "nl" },
    );
    expect(missing.status).toBe(400);
    const body = (await missing.json()) as { Message: string; Errors: Record<string, string[]> };
    expect(body.Errors.Quantity?.[0]).toBe("Geef een hoeveelheid op.");
    expect(
      (await (await jan()).call("POST", "/sales/prepaidaccounts/addtocart", { PrepaidAccountId: id, Quantity: 5 }))
        .status,
    ).toBe(404);
    const added = await client.call("POST", "/sales/prepaidaccounts/addtocart", { PrepaidAccountId: id, Quantity: 25 });
    expect(added.status).toBe(200);
    expect(await added.json()).toBe("/fr/shoppingcarts");
    const cart = (await (await client.call("GET", "/shoppingcarts")).json()) as { ItemsCount: number };
    expect(cart.ItemsCount).toBe(25);
    const helper = await staff();
    expect(
      (await helper.call("POST", "/sales/prepaidaccounts/addtocart", { PrepaidAccountId: id, Quantity: 10 })).status,
    ).toBe(200);
    expect(
      (await helper.call("POST", "/sales/prepaidaccounts/addtocart", { PrepaidAccountId: id, Quantity: 1001 })).status,
    ).toBe(400);
  });

  it("credits a top-up once when the order is paid, however often and however fast the webhook says so", async () => {
    const id = await accountWith(500);
    const client = await marie();
    await client.call("POST", "/sales/prepaidaccounts/addtocart", { PrepaidAccountId: id, Quantity: 40 });
    const placed = await placeOrder(client);
    expect(placed.status).toBe(200);
    const order = (await placed.json()) as { OrderNumber: string; TotalTaxIncl: number };
    // Credit has no VAT and is not shipped.
    expect(order.TotalTaxIncl).toBe(4000);
    expect(await balanceOf(id)).toBe(500);
    await payByWebhook(client, order.OrderNumber, 3);
    expect(await balanceOf(id)).toBe(4500);
    const moves = await db().selectFrom("prepaid_movements").selectAll().where("account_id", "=", id).execute();
    expect(moves.map((m) => [m.kind, m.amount, m.balance_after])).toEqual([["TopUp", 4000, 4500]]);
  });

  it("pays part of an order with credit and the rest by card, or all of it with credit", async () => {
    const variant = await simpleVariant(4);
    const small = await accountWith(1000);
    const client = await marie();
    await client.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 });
    const part = (await (await placeOrder(client, { PrepaidAccountId: small })).json()) as {
      OrderNumber: string;
      TotalTaxIncl: number;
      Status: string;
    };
    expect(part.Status).toBe("AwaitingPayment");
    expect(await balanceOf(small)).toBe(0);
    const session = await payByWebhook(client, part.OrderNumber);
    expect(session.amount).toBe(part.TotalTaxIncl - 1000);

    const big = await accountWith(100_000);
    await client.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 });
    const whole = (await (await placeOrder(client, { PrepaidAccountId: big })).json()) as {
      TotalTaxIncl: number;
      Status: string;
    };
    expect(whole.Status).toBe("Paid");
    expect(await balanceOf(big)).toBe(100_000 - whole.TotalTaxIncl);
  });

  it("never spends the same credit twice: parallel orders on one account leave it at zero, not below", async () => {
    const variant = await simpleVariant(6, 1);
    const id = await accountWith(1500);
    const clients = await Promise.all([marie(), marie(), marie()]);
    for (const c of clients)
      await c.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 });
    // Three sessions of one customer share one cart: three orders of it race for the same credit.
    const results = await Promise.all(clients.map((c) => placeOrder(c, { PrepaidAccountId: id })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(id)).toBe(0);
    const spent = await db()
      .selectFrom("orders")
      .select((eb) => eb.fn.sum<number | string>("prepaid_amount").as("total"))
      .where("prepaid_account_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(Number(spent.total)).toBe(1500);
  });

  it("refuses to buy credit with credit, and a guest or another customer spending an account", async () => {
    const id = await accountWith(5000);
    const client = await marie();
    await client.call("POST", "/sales/prepaidaccounts/addtocart", { PrepaidAccountId: id, Quantity: 10 });
    expect((await placeOrder(client, { PrepaidAccountId: id })).status).toBe(400);
    const other = await jan();
    const variant = await simpleVariant(2);
    await other.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 });
    expect((await placeOrder(other, { PrepaidAccountId: id })).status).toBe(404);
    const guest = apiClient("203.0.113.51");
    await guest.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 });
    expect((await placeOrder(guest, { Email: "g@example.org", PrepaidAccountId: id })).status).toBe(401);
    expect(await balanceOf(id)).toBe(5000);
  });

  it("takes only orders credit pays in full while no payment provider is set, refusing the rest in the shopper's language and writing nothing", async () => {
    const variant = await simpleVariant(3, 3);
    const stockOf = async () =>
      Number(
        (
          await db()
            .selectFrom("stock")
            .select((eb) => eb.fn.sum<number | string>("quantity").as("units"))
            .where("variant_id", "=", variant.id)
            .executeTakeFirstOrThrow()
        ).units,
      );
    const units = await stockOf();
    const small = await accountWith(100);
    const big = await accountWith(100_000);
    const client = await marie();
    await client.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 });
    const orders = async () =>
      Number(
        (
          await db()
            .selectFrom("orders")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await orders();
    process.env.PAYMENT_PROVIDER = "none";
    resetEnvForTests();
    try {
      const byCard = await placeOrder(client, {}, "nl");
      expect(byCard.status).toBe(503);
      const refusal = (await byCard.json()) as { Code: string; Message: string };
      expect(refusal).toMatchObject({
        Code: "PaymentNotConfigured",
        Message: expect.stringMatching(/^Deze winkel neemt nog geen online betalingen aan/),
      });
      // Credit short of the total: refused inside the transaction, the credit untouched.
      const shortCredit = await placeOrder(client, { PrepaidAccountId: small });
      expect(shortCredit.status).toBe(503);
      expect(((await shortCredit.json()) as { Message: string }).Message).toMatch(
        /^Ce magasin ne prend pas encore de paiement en ligne/,
      );
      expect(await balanceOf(small)).toBe(100);
      expect(await orders()).toBe(before);
      expect(await stockOf()).toBe(units);
      expect((await (await client.call("GET", "/me/summary")).json()).Cart.ItemsCount).toBe(1);
      // Credit that pays it all needs no provider: placed and paid.
      const whole = await placeOrder(client, { PrepaidAccountId: big });
      expect(whole.status).toBe(200);
      expect(((await whole.json()) as { Status: string }).Status).toBe("Paid");
      expect(await stockOf()).toBe(units - 1);
    } finally {
      delete process.env.PAYMENT_PROVIDER;
      resetEnvForTests();
    }
  });

  it("gives the credit back when an order is released unpaid", async () => {
    const variant = await simpleVariant(3, 2);
    const id = await accountWith(700);
    const client = await jan().then(() => marie());
    await client.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 });
    expect((await placeOrder(client, { PrepaidAccountId: id })).status).toBe(200);
    expect(await balanceOf(id)).toBe(0);
    await releaseUnpaidOrders(new Date(Date.now() + 60_000));
    expect(await balanceOf(id)).toBe(700);
  });

  it("searches customers for staff only", async () => {
    const found = await (await (await staff()).call("GET", "/sales/customers?q=mar")).json();
    expect(found).toEqual([{ Email: "marie@vitrine.test", CustomerId: await customerId("marie@vitrine.test") }]);
    expect(await (await (await staff()).call("GET", "/sales/customers?q=%25")).json()).toEqual([]);
    expect((await (await marie()).call("GET", "/sales/customers?q=mar")).status).toBe(403);
    expect((await apiClient().call("GET", "/sales/customers?q=mar")).status).toBe(401);
  });

  it("pages an account's movements, newest first, for its owner and staff only", async () => {
    const id = await accountWith(0);
    for (let i = 1; i <= 13; i++)
      await db()
        .insertInto("prepaid_movements")
        .values({
          account_id: id,
          amount: i * 100,
          kind: "TopUp",
          order_id: null,
          balance_after: 0,
          created_at: new Date(Date.UTC(2026, 0, i)).toISOString(),
        })
        .execute();
    const marieRow = { id: await customerId("marie@vitrine.test"), role: "customer" };
    const first = await movementsPage(marieRow, id, 1);
    expect(first.pages).toBe(2);
    expect(first.rows.map((r) => r.amount).slice(0, 2)).toEqual([1300, 1200]);
    expect((await movementsPage(marieRow, id, 2)).rows).toHaveLength(3);
    expect((await movementsPage({ id: 999_999, role: "assistant" }, id, 2)).rows).toHaveLength(3);
    await expect(
      movementsPage({ id: await customerId("jan@vitrine.test"), role: "customer" }, id, 1),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("credits two top-up orders of one account paid at the same moment, both, once each", async () => {
    const id = await accountWith(0);
    const first = await marie();
    await first.call("POST", "/sales/prepaidaccounts/addtocart", { PrepaidAccountId: id, Quantity: 30 });
    const a = (await (await placeOrder(first)).json()) as { OrderNumber: string };
    await first.call("POST", "/sales/prepaidaccounts/addtocart", { PrepaidAccountId: id, Quantity: 12 });
    const b = (await (await placeOrder(first)).json()) as { OrderNumber: string };
    await Promise.all([payByWebhook(first, a.OrderNumber, 2), payByWebhook(first, b.OrderNumber, 2)]);
    expect(await balanceOf(id)).toBe(4200);
    const moves = await db()
      .selectFrom("prepaid_movements")
      .select(["amount", "balance_after"])
      .where("account_id", "=", id)
      .orderBy("id")
      .execute();
    expect(moves.map((m) => m.amount).sort()).toEqual([1200, 3000]);
    expect(moves.map((m) => m.balance_after).at(-1)).toBe(4200);
  });

  it("mails the customer once the balance falls under the threshold, when asked", async () => {
    const variant = await simpleVariant(2, 3);
    const id = await accountWith(100_000, "Notified");
    await db().updateTable("prepaid_accounts").set({ low_balance_threshold: 99_999 }).where("id", "=", id).execute();
    const client = await marie();
    await client.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 });
    const before = await db().selectFrom("mail_outbox").select("id").where("subject", "like", "%Notified%").execute();
    expect((await placeOrder(client, { PrepaidAccountId: id })).status).toBe(200);
    const mails = await db().selectFrom("mail_outbox").selectAll().where("subject", "like", "%Notified%").execute();
    expect(mails.length).toBe(before.length + 1);
    expect(mails.at(-1)?.to_address).toBe("marie@vitrine.test");
    expect(mails.at(-1)?.subject).toBe("Solde bas : Notified");
  });

  it("lets staff pay for a customer from her credit, never below zero even all at once; shoppers may not", async () => {
    const id = await accountWith(1000, "Counter");
    const helper = await staff();
    const pay = (amount: number) =>
      helper.call("POST", "/sales/prepaidaccounts/payments", {
        PrepaidAccountId: id,
        Amount: amount,
        Label: "Ticket 42",
      });
    const results = await Promise.all([pay(400), pay(400), pay(400)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409]);
    expect(await balanceOf(id)).toBe(200);
    const moves = await db()
      .selectFrom("prepaid_movements")
      .select(["kind", "label", "amount"])
      .where("account_id", "=", id)
      .execute();
    expect(moves).toEqual([
      { kind: "StaffPayment", label: "Ticket 42", amount: -400 },
      { kind: "StaffPayment", label: "Ticket 42", amount: -400 },
    ]);
    expect(
      (
        await (
          await marie()
        ).call("POST", "/sales/prepaidaccounts/payments", { PrepaidAccountId: id, Amount: 1, Label: "x" })
      ).status,
    ).toBe(403);
    expect(
      (
        await apiClient().call("POST", "/sales/prepaidaccounts/payments", {
          PrepaidAccountId: id,
          Amount: 1,
          Label: "x",
        })
      ).status,
    ).toBe(401);
    expect((await pay(0)).status).toBe(400);
    expect(
      (
        await helper.call("POST", "/sales/prepaidaccounts/payments", {
          PrepaidAccountId: 999_999,
          Amount: 1,
          Label: "x",
        })
      ).status,
    ).toBe(404);
  });

  it("never lets a coupon, a price tier or a threshold touch credit: 100 € costs and credits 100 €", async () => {
    const id = await accountWith(0);
    const client = await marie();
    const creditVariant = await db()
      .selectFrom("product_variants")
      .select("id")
      .where("sku", "=", "PREPAID-CREDIT")
      .executeTakeFirstOrThrow();
    // A merchant's tier on the credit variant must not sell credit under its face value.
    await db()
      .insertInto("prices")
      .values({ variant_id: creditVariant.id, min_quantity: 50, amount_tax_excl: 90 })
      .execute();
    try {
      await client.call("POST", "/sales/prepaidaccounts/addtocart", { PrepaidAccountId: id, Quantity: 100 });
      for (const code of ["BIENVENUE10", "PREMIERS100"]) {
        const applied = await client.call("POST", "/shoppingcarts/coupon", { CouponCode: code });
        expect(applied.headers.get("Coupon-Problem")).toBe("CouponNotApplicable");
      }
      // Beside goods the coupon applies, to the goods only, and credit reaches no coupon minimum.
      const variant = await simpleVariant(2, 1);
      await client.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 });
      await db().updateTable("coupons").set({ min_amount_tax_incl: 5000 }).where("code", "=", "CINQ").execute();
      const cinq = await client.call("POST", "/shoppingcarts/coupon", { CouponCode: "CINQ" });
      expect(cinq.headers.get("Coupon-Problem")).toBe("CouponMinimumNotReached");
      const applied = await client.call("POST", "/shoppingcarts/coupon", { CouponCode: "BIENVENUE10" });
      expect(applied.headers.get("Coupon-Problem")).toBeNull();
      const placed = (await (await placeOrder(client)).json()) as { OrderNumber: string; OrderId: number };
      const order = await db()
        .selectFrom("orders")
        .selectAll()
        .where("id", "=", placed.OrderId)
        .executeTakeFirstOrThrow();
      const lines = await db().selectFrom("order_lines").selectAll().where("order_id", "=", placed.OrderId).execute();
      const creditLine = lines.find((l) => l.prepaid_account_id === id);
      const goods = lines.find((l) => l.prepaid_account_id === null);
      expect(creditLine).toMatchObject({ unit_tax_excl: 100, line_tax_excl: 10_000, vat_rate_basis_points: 0 });
      expect(order.discount_tax_excl).toBe(Math.round((goods?.line_tax_excl ?? 0) / 10));
      // Its page adds up as the checkout did: lines, discount and shipping tax included make the total.
      const linesTaxIncl = lines.reduce((sum, l) => sum + withVat(l.line_tax_excl, l.vat_rate_basis_points), 0);
      expect(order.discount_tax_incl).toBe(withVat(order.discount_tax_excl, goods?.vat_rate_basis_points ?? 0));
      expect(order.shipping_tax_incl).toBeGreaterThan(order.shipping_tax_excl);
      expect(linesTaxIncl - Number(order.discount_tax_incl) + Number(order.shipping_tax_incl)).toBe(
        order.total_tax_incl,
      );
      await payByWebhook(client, placed.OrderNumber);
      expect(await balanceOf(id)).toBe(10_000);
    } finally {
      await db()
        .deleteFrom("prices")
        .where("variant_id", "=", creditVariant.id)
        .where("min_quantity", "=", 50)
        .execute();
      await db().updateTable("coupons").set({ min_amount_tax_incl: 5000 }).where("code", "=", "CINQ").execute();
    }
  });
});
