import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import { apiClient } from "../../../tests/support/api";
import { billingAddress } from "../../../tests/support/checkout";
import { DIALECTS, useTestDatabase } from "../../../tests/support/db";
import { paidOrder } from "../../../tests/support/orders";
import { deliveryChangePost } from "./order-page.server";

async function customer(email: string, password: string) {
  const client = apiClient("203.0.113.70");
  expect((await client.call("POST", "/security/login", { Email: email, Password: password })).status).toBe(200);
  const id = (await db().selectFrom("customers").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  return { client, id };
}

/** The serialised form the order page posts. */
async function form(orderNumber: string, overrides: Record<string, string> = {}) {
  const address = await billingAddress();
  const fields = {
    ...Object.fromEntries(Object.entries(address).map(([k, v]) => [k, String(v)])),
    OrderNumber: orderNumber,
    Street1: "Avenue Louise 200",
    ...overrides,
  };
  return new Request("http://localhost/fr/sales/order/ChangeDeliveryAddressRequest", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
}

describe.each(DIALECTS)("delivery-address change requests on %s", (dialect) => {
  useTestDatabase(dialect, { products: 20 });
  beforeEach(async () => {
    await db().deleteFrom("cart_lines").execute();
  });

  it("stores the request for an order not shipped, mails the shop and shows it on the order", async () => {
    const marie = await customer("marie@vitrine.test", "Vitrine-demo-1");
    const order = await paidOrder(marie.client, [1]);
    const result = await deliveryChangePost(await form(order.number), "fr", marie.id);
    expect(result.status).toBe(200);
    expect(result.notice.kind).toBe("success");
    expect(result.block.changes.map((c) => c.address.Street1)).toEqual(["Avenue Louise 200"]);
    const mail = await db()
      .selectFrom("mail_outbox")
      .selectAll()
      .where("to_address", "=", "shop@vitrine.test")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain("Avenue Louise 200");
  });

  it("keeps what was typed and stores nothing when a field is refused", async () => {
    const marie = await customer("marie@vitrine.test", "Vitrine-demo-1");
    const order = await paidOrder(marie.client, [1]);
    const result = await deliveryChangePost(await form(order.number, { PostalCode: "??" }), "fr", marie.id);
    expect(result.status).toBe(400);
    expect(result.errors).toHaveProperty("PostalCode");
    expect(result.values.Street1).toBe("Avenue Louise 200");
    expect(result.block.changes).toEqual([]);
  });

  it("refuses once the order has shipped, and another customer's order is not found", async () => {
    const marie = await customer("marie@vitrine.test", "Vitrine-demo-1");
    const order = await paidOrder(marie.client, [1]);
    const jan = await customer("jan@vitrine.test", "Vitrine-demo-2");
    await expect(deliveryChangePost(await form(order.number), "fr", jan.id)).rejects.toMatchObject({ status: 404 });
    await db()
      .updateTable("orders")
      .set({ status: "Shipped", shipped_at: new Date().toISOString() })
      .where("id", "=", order.id)
      .execute();
    const result = await deliveryChangePost(await form(order.number), "fr", marie.id);
    expect(result.status).toBe(409);
    expect(result.block.open).toBe(false);
    expect(result.notice.text).toMatch(/déjà expédiée/);
  });

  it("keeps one open request per order (a new one replaces it, even sent at once) and limits them per customer", async () => {
    await db().deleteFrom("rate_limits").execute();
    const marie = await customer("marie@vitrine.test", "Vitrine-demo-1");
    const order = await paidOrder(marie.client, [1]);
    const shopMails = async () =>
      Number(
        (
          await db()
            .selectFrom("mail_outbox")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("to_address", "=", "shop@vitrine.test")
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await shopMails();
    const streets = ["Rue A 1", "Rue B 2", "Rue C 3"];
    const results = await Promise.all(
      streets.map(async (street) => deliveryChangePost(await form(order.number, { Street1: street }), "fr", marie.id)),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const changes = (await deliveryChangePost(await form(order.number, { Street1: "Rue D 4" }), "fr", marie.id)).block
      .changes;
    expect(changes.map((c) => [c.address.Street1, c.status])[0]).toEqual(["Rue D 4", "Requested"]);
    expect(changes.filter((c) => c.status === "Requested")).toHaveLength(1);
    expect(changes.filter((c) => c.status === "Replaced")).toHaveLength(3);
    // Five an hour: the sixth is refused with the wait, and mails nobody.
    await deliveryChangePost(await form(order.number, { Street1: "Rue E 5" }), "fr", marie.id);
    const refused = await deliveryChangePost(await form(order.number, { Street1: "Rue F 6" }), "fr", marie.id);
    expect(refused.status).toBe(429);
    expect(refused.notice.text).toMatch(/^Trop de tentatives/);
    expect((await shopMails()) - before).toBe(5);
  });
});
