import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import { apiClient } from "../../../../tests/support/api";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../../tests/support/db";
import { setStock, subscribeToStock } from "./stock.server";

describe.each(DIALECTS)("back-in-stock notifications on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 40 });
  });
  afterAll(async () => {
    await database.close();
  });

  async function emptyVariant() {
    const rows = await db()
      .selectFrom("stock")
      .select(["variant_id", (eb) => eb.fn.sum<number | string>("quantity").as("n")])
      .groupBy("variant_id")
      .execute();
    const empty = rows.find((r) => Number(r.n) === 0);
    if (!empty) throw new Error("the demo shop has variants out of stock");
    return empty.variant_id;
  }
  const outbox = () => db().selectFrom("mail_outbox").selectAll().orderBy("id").execute();

  it("queues one mail per subscriber, in their language, when stock comes back, once", async () => {
    const variantId = await emptyVariant();
    await subscribeToStock(variantId, "anna@example.test", "nl", null);
    await subscribeToStock(variantId, "anna@example.test", "nl", null); // twice is once
    await subscribeToStock(variantId, "paul@example.test", "fr", null);
    const before = (await outbox()).length;

    expect(await setStock(variantId, 1, 0)).toEqual({ notified: 0 });
    expect(await setStock(variantId, 2, 5)).toEqual({ notified: 2 });
    const mails = (await outbox()).slice(before);
    expect(mails.map((m) => [m.to_address, m.culture])).toEqual([
      ["anna@example.test", "nl"],
      ["paul@example.test", "fr"],
    ]);
    expect(mails[0]?.subject).toMatch(/is weer op voorraad$/);
    expect(mails[1]?.body).toMatch(/^Bonne nouvelle : « .+ » \(VT-/);
    expect(await setStock(variantId, 3, 2)).toEqual({ notified: 0 });
    expect((await outbox()).length).toBe(before + 2);
  });

  it("lets only staff set stock through the API", async () => {
    const variantId = await emptyVariant();
    const anonymous = apiClient("198.51.100.21");
    expect((await anonymous.call("PUT", `/stock/${variantId}/1`, { Quantity: 3 })).status).toBe(401);
    const shopper = apiClient("198.51.100.22");
    await shopper.call("POST", "/security/login", { Email: "marie@vitrine.test", Password: "Vitrine-demo-1" });
    expect((await shopper.call("PUT", `/stock/${variantId}/1`, { Quantity: 3 })).status).toBe(403);
    const staff = apiClient("198.51.100.23");
    await staff.call("POST", "/security/login", { Email: "staff@vitrine.test", Password: "Vitrine-staff-1" });
    await subscribeToStock(variantId, "zoe@example.test", "de", null);
    const response = await staff.call("PUT", `/stock/${variantId}/1`, { Quantity: 3 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ Notified: 1 });
    expect((await staff.call("PUT", `/stock/${variantId}/999`, { Quantity: 3 })).status).toBe(404);
    expect((await staff.call("PUT", `/stock/${variantId}/1`, { Quantity: -1 })).status).toBe(400);
  });
});
