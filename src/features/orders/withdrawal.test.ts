import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import { loadSession, type Session } from "~/server/session/session";
import { apiClient } from "../../../tests/support/api";
import { simpleVariant } from "../../../tests/support/checkout";
import { DIALECTS, useTestDatabase } from "../../../tests/support/db";
import { paidOrder, payByWebhook, placeOrder } from "../../../tests/support/orders";
import { OPENED_ORDERS_KEY, openGuestOrder, opensGuestOrder, ownOrder, purchaseToTell } from "./orders.server";
import { WITHDRAWALS_PER_CUSTOMER_PER_HOUR, withdrawalForm, withdrawFromOrder } from "./withdrawal.server";

async function customer(email: string, password: string, ip: string) {
  const client = apiClient(ip);
  expect((await client.call("POST", "/security/login", { Email: email, Password: password })).status).toBe(200);
  const id = (await db().selectFrom("customers").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  // Her signed-in session, as a page reads it.
  const session: Session = { id: null, customerId: Number(id), data: {} };
  return { client, id, session };
}

const mailsTo = (to: string) =>
  db().selectFrom("mail_outbox").selectAll().where("to_address", "=", to).orderBy("id", "desc").execute();

/** A guest's paid order, from her own browser: one unit of a simple variant with `units` in stock at least. */
async function paidGuestOrder(ip: string, email: string, units: number) {
  const guest = apiClient(ip);
  const variant = await simpleVariant(units);
  expect(
    (await guest.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 })).status,
  ).toBe(200);
  const placed = (await (await placeOrder(guest, { Email: email })).json()) as { OrderNumber: string };
  await payByWebhook(guest, placed.OrderNumber);
  return { guest, variant, placed };
}

const today = () => new Date().toISOString().slice(0, 10);

describe.each(DIALECTS)("withdrawal with the EU model form on %s (issue 36)", (dialect) => {
  useTestDatabase(dialect, { products: 20 });
  beforeEach(async () => {
    await db().deleteFrom("cart_lines").execute();
  });

  it("carries the terms and the withdrawal information in the order confirmation mail", async () => {
    const marie = await customer("marie@vitrine.test", "Vitrine-demo-1", "203.0.113.81");
    const order = await paidOrder(marie.client, [1]);
    const [mail] = (await mailsTo("marie@vitrine.test")).filter((m) => m.subject.includes(order.number));
    expect(mail?.body).toContain("CONDITIONS GÉNÉRALES DE VENTE");
    expect(mail?.body).toContain("/fr/legal/terms");
    expect(mail?.body).toContain("Formulaire de rétractation");
    expect(mail?.body).toContain(`/fr/account/orders/${order.number}/withdrawal`);
    expect(mail?.html).toContain("<h1>Droit de rétractation</h1>");
    // No island tag leaks into a mail.
    expect(`${mail?.body}${mail?.html}`).not.toContain("shop-island");
  });

  it("tells a guest, who has no account to sign in to, to mail the model form to the shop, given in the mail", async () => {
    const { variant, placed } = await paidGuestOrder("203.0.113.89", "lea@example.org", 2);
    const [mail] = (await mailsTo("lea@example.org")).filter((m) => m.subject.includes(placed.OrderNumber));
    // Her order's page and its withdrawal form open from the mail with the order's key, in any browser.
    expect(mail?.body).toContain("Vous pouvez aussi le remplir en ligne :");
    expect(mail?.body).toMatch(new RegExp(`/fr/account/orders/${placed.OrderNumber}/withdrawal\\?key=[\\w-]{22}\\n`));
    expect(mail?.body).toContain("envoyez à shop@vitrine.test le formulaire ci-dessous");
    expect(mail?.body).toContain("FORMULAIRE DE RÉTRACTATION");
    // The trader's brackets filled with the shop's name, address and e-mail.
    expect(mail?.body).toMatch(/À l'attention de Vitrine, [^\n]+, shop@vitrine\.test :/);
    expect(mail?.html).toContain("<h2>Formulaire de rétractation</h2>");
    // Her order's link opens in any browser with its key (another session here), not with another key.
    const key = new RegExp(`/fr/sales/order/${placed.OrderNumber}/confirmation\\?key=([\\w-]{22})\\n`).exec(
      mail?.body ?? "",
    )?.[1];
    expect(key).toBeDefined();
    const elsewhere: Session = { id: null, customerId: null, data: {}, clientAddress: "203.0.113.91" };
    expect(await ownOrder(elsewhere, placed.OrderNumber)).toBeNull();
    // One character changed (never to itself: a key ending in "A" once made this check pass by chance).
    const changed = `${key?.slice(0, -1)}${key?.endsWith("A") ? "B" : "A"}`;
    for (const wrong of [changed, "short", ""])
      expect(await openGuestOrder(elsewhere, placed.OrderNumber, wrong)).toBe(false);
    // Nothing kept for a wrong key: not even a session.
    expect(elsewhere.id).toBeNull();
    expect(await openGuestOrder(elsewhere, placed.OrderNumber, key ?? "")).toBe(true);
    // The session keeps it open (the page then leaves the key's address), in the store too.
    expect((await ownOrder(elsewhere, placed.OrderNumber))?.order.number).toBe(placed.OrderNumber);
    const stored = await loadSession(elsewhere.id ?? "");
    expect((await ownOrder(stored, placed.OrderNumber))?.order.number).toBe(placed.OrderNumber);
    // Once: opened again, the number is not kept twice.
    expect(await openGuestOrder(stored, placed.OrderNumber, key ?? "")).toBe(true);
    expect((await loadSession(elsewhere.id ?? "")).data[OPENED_ORDERS_KEY]).toEqual([placed.OrderNumber]);
    // Another guest's order is not opened by this one's session.
    // The purchase is told to analytics once per session: not again on a reload, nor from the store.
    const buyer: Session = { id: null, customerId: null, data: {}, clientAddress: "203.0.113.93" };
    expect(await purchaseToTell(buyer, { number: placed.OrderNumber })).toBe(true);
    expect(await purchaseToTell(buyer, { number: placed.OrderNumber })).toBe(false);
    expect(await purchaseToTell(await loadSession(buyer.id ?? ""), { number: placed.OrderNumber })).toBe(false);
    // The session that opened it withdraws from it: stored without a customer, mailed to the shop and to her.
    const form = await withdrawalForm(stored, placed.OrderNumber);
    expect(form.lines).toHaveLength(1);
    const withdrawn = await withdrawFromOrder(
      stored,
      { OrderNumber: placed.OrderNumber, Lines: [Number(form.lines[0]?.id)], Name: "Léa", Address: "Rue Haute 10" },
      "fr",
    );
    expect(withdrawn.Lines).toHaveLength(1);
    const row = await db()
      .selectFrom("order_withdrawals")
      .select("customer_id")
      .where("id", "=", withdrawn.Id)
      .executeTakeFirstOrThrow();
    expect(row.customer_id).toBeNull();
    expect((await mailsTo("lea@example.org"))[0]?.subject).toContain(placed.OrderNumber);
    // A session that neither placed nor opened it is refused, as a signed-in stranger is.
    const stranger: Session = { id: "a-stranger", customerId: null, data: {} };
    await expect(withdrawalForm(stranger, placed.OrderNumber)).rejects.toMatchObject({ status: 404 });
    const noe = apiClient("203.0.113.92");
    expect(
      (await noe.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 })).status,
    ).toBe(200);
    const hers = (await (await placeOrder(noe, { Email: "noe@example.org" })).json()) as { OrderNumber: string };
    expect(await ownOrder(stored, hers.OrderNumber)).toBeNull();
  });

  it("opens a customer's order for her signed in only, never with a key", async () => {
    const marie = await customer("marie@vitrine.test", "Vitrine-demo-1", "203.0.113.90");
    const order = await paidOrder(marie.client, [1]);
    const row = await db()
      .selectFrom("orders")
      .selectAll()
      .where("number", "=", order.number)
      .executeTakeFirstOrThrow();
    expect(row.access_key).toBeNull();
    const [mail] = (await mailsTo("marie@vitrine.test")).filter((m) => m.subject.includes(order.number));
    expect(mail?.body).toContain(`/fr/sales/order/${order.number}/confirmation\n`);
    expect(opensGuestOrder({ customer_id: row.customer_id, access_key: "a".repeat(22) }, "a".repeat(22))).toBe(false);
  });

  it("stores a withdrawal, mails the filled form to the shop and to her, and offers only the lines left", async () => {
    const marie = await customer("marie@vitrine.test", "Vitrine-demo-1", "203.0.113.82");
    const order = await paidOrder(marie.client, [1, 2]);
    const before = await withdrawalForm(marie.session, order.number);
    expect(before.open).toBe(true);
    expect(before.lines).toHaveLength(2);
    expect(before.name).not.toBe("");
    const first = Number(order.lines[0]?.id);
    const response = await marie.client.call("POST", "/sales/orders/withdrawal", {
      OrderNumber: order.number,
      Lines: [first],
      Name: "Marie Dupont",
      Address: "Rue Haute 1\n1000 Bruxelles",
      ReceivedOn: today(),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { Lines: { OrderLineId: number }[] };
    expect(answer.Lines.map((l) => l.OrderLineId)).toEqual([first]);
    const [shop] = await mailsTo("shop@vitrine.test");
    expect(shop?.subject).toContain(order.number);
    expect(shop?.body).toContain("Marie Dupont");
    expect(shop?.body).toContain("Rue Haute 1, 1000 Bruxelles");
    expect(shop?.body).toContain(order.lines[0]?.sku);
    expect(shop?.body).not.toContain(order.lines[1]?.sku);
    const [copy] = await mailsTo("marie@vitrine.test");
    expect(copy?.subject).toContain(order.number);
    expect(copy?.body).toContain("Formulaire de rétractation");
    const after = await withdrawalForm(marie.session, order.number);
    expect(after.lines.map((l) => l.id)).toEqual([Number(order.lines[1]?.id)]);
    expect(after.sent).toHaveLength(1);
    // The page reads her order once and hands it over: the same form.
    const own = await ownOrder(marie.session, order.number);
    expect(own).not.toBeNull();
    expect(await withdrawalForm(marie.session, order.number, own ?? undefined)).toEqual(after);
    // The same line again is refused; the form of an order is hers only.
    const again = await marie.client.call("POST", "/sales/orders/withdrawal", {
      OrderNumber: order.number,
      Lines: [first],
      Name: "Marie Dupont",
      Address: "Rue Haute 1",
    });
    expect(again.status).toBe(409);
  });

  it("refuses another customer's order, lines of another order, a date out of range and an unpaid order", async () => {
    const marie = await customer("marie@vitrine.test", "Vitrine-demo-1", "203.0.113.83");
    const jan = await customer("jan@vitrine.test", "Vitrine-demo-2", "203.0.113.84");
    const hers = await paidOrder(marie.client, [1]);
    const his = await paidOrder(jan.client, [1]);
    const body = (lines: number[], extra: Record<string, unknown> = {}) => ({
      OrderNumber: hers.number,
      Lines: lines,
      Name: "Jan",
      Address: "Meir 1",
      ...extra,
    });
    expect((await jan.client.call("POST", "/sales/orders/withdrawal", body([Number(hers.lines[0]?.id)]))).status).toBe(
      404,
    );
    await expect(withdrawalForm(jan.session, hers.number)).rejects.toMatchObject({ status: 404 });
    const foreign = await marie.client.call("POST", "/sales/orders/withdrawal", body([Number(his.lines[0]?.id)]));
    expect(foreign.status).toBe(400);
    const future = await marie.client.call(
      "POST",
      "/sales/orders/withdrawal",
      body([Number(hers.lines[0]?.id)], { ReceivedOn: "2999-01-01" }),
    );
    expect(future.status).toBe(400);
    expect(((await future.json()) as { Errors: Record<string, string[]> }).Errors).toHaveProperty("ReceivedOn");
    // Received long ago (the order is dated back with it): the period is over.
    await db()
      .updateTable("orders")
      .set({ created_at: "2020-01-01T10:00:00.000Z" })
      .where("id", "=", hers.id)
      .execute();
    const late = await marie.client.call(
      "POST",
      "/sales/orders/withdrawal",
      body([Number(hers.lines[0]?.id)], { ReceivedOn: "2020-01-03" }),
    );
    expect(late.status).toBe(409);
    await db().updateTable("orders").set({ status: "AwaitingPayment" }).where("id", "=", hers.id).execute();
    const unpaid = await marie.client.call("POST", "/sales/orders/withdrawal", body([Number(hers.lines[0]?.id)]));
    expect(unpaid.status).toBe(409);
    expect(await db().selectFrom("order_withdrawals").selectAll().where("order_id", "=", hers.id).execute()).toEqual(
      [],
    );
  });

  it("takes a line once when two forms for it arrive at the same time", async () => {
    // Lucía: her own limit of forms per hour is untouched by the tests above.
    const lucia = await customer("lucia@vitrine.test", "Vitrine-demo-3", "203.0.113.85");
    const order = await paidOrder(lucia.client, [1]);
    const send = () =>
      lucia.client.call("POST", "/sales/orders/withdrawal", {
        OrderNumber: order.number,
        Lines: [Number(order.lines[0]?.id)],
        Name: "Marie",
        Address: "Rue Haute 1",
      });
    const statuses = (await Promise.all([send(), send(), send()])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    expect(
      await db().selectFrom("order_withdrawals").selectAll().where("order_id", "=", order.id).execute(),
    ).toHaveLength(1);
  });

  it("takes a guest's line once from forms sent at once, and limits her order's forms, whichever browser sends them", async () => {
    const { guest, placed } = await paidGuestOrder("203.0.113.94", "ines@example.org", 3);
    const order = await db()
      .selectFrom("orders")
      .select(["id", "access_key"])
      .where("number", "=", placed.OrderNumber)
      .executeTakeFirstOrThrow();
    const line = await db()
      .selectFrom("order_lines")
      .select("id")
      .where("order_id", "=", order.id)
      .executeTakeFirstOrThrow();
    const form = { OrderNumber: placed.OrderNumber, Lines: [Number(line.id)], Name: "Inès", Address: "Rue Haute 4" };
    const send = () => guest.call("POST", "/sales/orders/withdrawal", form);
    // Three at once from the browser that placed it: one withdraws the line, the others find it withdrawn.
    const statuses = (await Promise.all([send(), send(), send()])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    // Her order's forms count per order, not per browser: a browser that opened it from her mail shares
    // the five an hour (two left, then refused with the wait), so new sessions do not multiply them.
    const elsewhere: Session = { id: null, customerId: null, data: {}, clientAddress: "203.0.113.95" };
    expect(await openGuestOrder(elsewhere, placed.OrderNumber, order.access_key ?? "")).toBe(true);
    for (let i = 0; i < WITHDRAWALS_PER_CUSTOMER_PER_HOUR - 3; i++)
      await expect(withdrawFromOrder(elsewhere, form, "fr")).rejects.toMatchObject({ status: 409 });
    await expect(withdrawFromOrder(elsewhere, form, "fr")).rejects.toMatchObject({ status: 429 });
    const refused = await send();
    expect(refused.status).toBe(429);
    // In her language, with the wait.
    expect(JSON.stringify(await refused.json())).toMatch(/Réessayez dans \d+ minutes/);
    expect(
      await db().selectFrom("order_withdrawals").selectAll().where("order_id", "=", order.id).execute(),
    ).toHaveLength(1);
  });
});
