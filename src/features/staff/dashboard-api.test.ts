import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import { apiClient, tokenCaller } from "../../../tests/support/api";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { paidOrder, placeOrder } from "../../../tests/support/orders";
import { signedInOwner } from "../../../tests/support/staff";
import { DEMO_API_TOKEN } from "../integration/integration.seed";
import { shopPeriodStarts } from "./dashboard.server";

type Figures = {
  Today: { Orders: number; Revenue: number };
  Month: { Orders: number; Revenue: number };
  ToShip: number;
  RefundRequests: number;
  DeliveryChanges: number;
  LowStock: number;
  FailedWebhooks: number;
};

describe("the dashboard's days", () => {
  it("start at midnight in Brussels, winter and summer", () => {
    expect(shopPeriodStarts(new Date("2026-12-06T22:30:00Z"))).toEqual({
      today: "2026-12-05T23:00:00.000Z",
      month: "2026-11-30T23:00:00.000Z",
    });
    // 23:30 in Brussels on 31 July is still July; the month started at 1 July, 00:00 summer time.
    expect(shopPeriodStarts(new Date("2026-07-31T21:30:00Z"))).toEqual({
      today: "2026-07-30T22:00:00.000Z",
      month: "2026-06-30T22:00:00.000Z",
    });
  });
});

describe.each(DIALECTS)("the staff's dashboard on %s (issue 72)", (dialect) => {
  let database: TestDatabase;
  let owner: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 12 });
    owner = await signedInOwner("203.0.113.97");
  });
  afterAll(async () => {
    await database?.close();
  });

  const figures = async (client = owner) => (await (await client.call("GET", "/admin/dashboard")).json()) as Figures;

  it("counts a paid order in today's and the month's sales and in what to ship; an unpaid one in neither", async () => {
    const before = await figures();
    const marie = apiClient("203.0.113.98");
    await marie.call("POST", "/security/login", { Email: "marie@vitrine.test", Password: "Vitrine-demo-1" });
    const order = await paidOrder(marie, [2]);
    const total = (
      await db().selectFrom("orders").select("total_tax_incl").where("id", "=", order.id).executeTakeFirstOrThrow()
    ).total_tax_incl;
    const after = await figures();
    expect(after.Today).toEqual({ Orders: before.Today.Orders + 1, Revenue: before.Today.Revenue + total });
    expect(after.Month.Orders).toBe(before.Month.Orders + 1);
    expect(after.ToShip).toBe(before.ToShip + 1);
    // Placed, not paid: no sale yet, nothing to ship.
    await marie.call("POST", "/catalog/products/addtocart", {
      ProductVariantId: order.lines[0]?.variant_id,
      Quantity: 1,
    });
    expect((await placeOrder(marie)).status).toBe(200);
    const unpaid = await figures();
    expect([unpaid.Today.Orders, unpaid.ToShip]).toEqual([after.Today.Orders, after.ToShip]);
  });

  it("counts variants low in stock and webhook deliveries given up on; an assistant and a token read it", async () => {
    const before = await figures();
    const variant = await db()
      .selectFrom("product_variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select("v.id")
      .where("p.is_active", "=", 1)
      .where("p.vat_class", "!=", "none")
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("stock")
            .select("stock.variant_id")
            .whereRef("stock.variant_id", "=", "v.id")
            .where("stock.quantity", ">", 10),
        ),
      )
      .executeTakeFirstOrThrow();
    await db().updateTable("stock").set({ quantity: 0 }).where("variant_id", "=", variant.id).execute();
    const webhook = await db()
      .insertInto("merchant_webhooks")
      .values({
        url: "https://erp.example/hook",
        events: "order.paid",
        secret: "s",
        created_at: new Date().toISOString(),
        created_by: "test",
        disabled_at: null,
        lease_until: 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("webhook_deliveries")
      .values({
        webhook_id: webhook.id,
        event: "order.paid",
        event_key: "k1",
        payload: "{}",
        status: "failed",
        attempts: 9,
        next_attempt_at: 0,
        last_status: 500,
        last_error: null,
        created_at: new Date().toISOString(),
        delivered_at: null,
      })
      .execute();
    const after = await figures();
    expect(after.LowStock).toBe(before.LowStock + 1);
    expect(after.FailedWebhooks).toBe(before.FailedWebhooks + 1);
    const assistant = apiClient("203.0.113.99");
    await assistant.call("POST", "/security/login", { Email: "staff@vitrine.test", Password: "Vitrine-staff-1" });
    expect((await figures(assistant)).LowStock).toBe(after.LowStock);
    expect((await tokenCaller(DEMO_API_TOKEN)("GET", "/admin/dashboard")).status).toBe(200);
    const editor = apiClient("203.0.113.100");
    await editor.call("POST", "/security/login", { Email: "editor@vitrine.test", Password: "Vitrine-editor-1" });
    expect((await editor.call("GET", "/admin/dashboard")).status).toBe(403);
  });
});
