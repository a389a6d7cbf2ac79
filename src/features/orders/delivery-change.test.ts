import { beforeEach, describe, expect, it } from "vitest";
import { createApiToken } from "~/features/integration/integration.server";
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

  it("lets the merchant's token apply one request and refuse another with a reason, the shopper mailed in her order's language", async () => {
    // Lucia: Marie spent her hourly requests in the tests above.
    const marie = await customer("lucia@vitrine.test", "Vitrine-demo-3");
    const { token } = await createApiToken("wms", ["orders:read", "orders:write"], "test");
    const erp = apiClient("192.0.2.61");
    const call = (method: string, path: string, body?: unknown) =>
      erp.app.request(`http://wms.example/api/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const first = await paidOrder(marie.client, [1]);
    await deliveryChangePost(await form(first.number), "fr", marie.id);
    const second = await paidOrder(marie.client, [1]);
    await deliveryChangePost(await form(second.number, { Street1: "Rue Neuve 1" }), "fr", marie.id);
    const open = (await (await call("GET", "/admin/deliverychanges?status=Requested")).json()) as {
      Id: number;
      OrderNumber: string;
      Address: { Street1: string };
    }[];
    const applied = open.find((r) => r.OrderNumber === first.number);
    const refused = open.find((r) => r.OrderNumber === second.number);
    expect(applied?.Address.Street1).toBe("Avenue Louise 200");
    expect((await call("POST", `/admin/deliverychanges/${applied?.Id}/apply`)).status).toBe(200);
    expect((await call("POST", `/admin/deliverychanges/${applied?.Id}/apply`)).status).toBe(409);
    const order = await db()
      .selectFrom("orders")
      .select("shipping_address")
      .where("number", "=", first.number)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(order.shipping_address).address.Street1).toBe("Avenue Louise 200");
    expect((await call("POST", `/admin/deliverychanges/${refused?.Id}/refuse`, { Reason: "" })).status).toBe(400);
    expect(
      (await call("POST", `/admin/deliverychanges/${refused?.Id}/refuse`, { Reason: "Colis déjà préparé" })).status,
    ).toBe(200);
    const mails = await db()
      .selectFrom("mail_outbox")
      .select(["subject", "body"])
      .where("to_address", "=", "lucia@vitrine.test")
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    expect(mails[0]?.body).toContain("Colis déjà préparé");
    expect(mails[1]?.subject).toBe(`Nouvelle adresse de livraison pour ${first.number}`);
    const page = await deliveryChangePost(await form(second.number, { Street1: "Rue Neuve 2" }), "fr", marie.id);
    expect(page.block.changes.map((c) => c.status)).toEqual(["Requested", "Refused"]);
    const reader = (await createApiToken("reader", ["orders:read"], "test")).token;
    const refusedWrite = await erp.app.request(`http://wms.example/api/v1/admin/deliverychanges/${refused?.Id}/apply`, {
      method: "POST",
      headers: { Authorization: `Bearer ${reader}` },
    });
    expect(refusedWrite.status).toBe(403);
  });
});
