import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/server/db/client";
import { apiClient } from "../../../tests/support/api";
import { billingAddress } from "../../../tests/support/checkout";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { captureLogs } from "../../../tests/support/logs";
import { authorisation, postWebhook } from "../../../tests/support/payment";
import { releaseUnpaidOrders, startUnpaidOrderSweeper } from "./unpaid-orders.server";

const HOUR = 60 * 60_000;

/** A simple variant stocked in two warehouses or more, 2 units in each (an order of 3 takes from two). */
async function variantInTwoWarehouses(skip: number) {
  const rows = await db()
    .selectFrom("stock as s")
    .innerJoin("product_variants as v", "v.id", "s.variant_id")
    .innerJoin("products as p", "p.id", "v.product_id")
    .select(["s.variant_id", (eb) => eb.fn.countAll<number | string>().as("warehouses")])
    .where("v.min_quantity", "=", 1)
    .where("v.step_quantity", "=", 1)
    .where("v.max_quantity", "is", null)
    .where("p.is_active", "=", 1)
    .groupBy("s.variant_id")
    .having((eb) => eb.fn.countAll(), ">=", 2)
    .orderBy("s.variant_id")
    .execute();
  const variantId = rows[skip]?.variant_id as number;
  await db().updateTable("stock").set({ quantity: 2 }).where("variant_id", "=", variantId).execute();
  return variantId;
}

const stockOf = async (variantId: number) =>
  (
    await db()
      .selectFrom("stock")
      .select(["warehouse_id", "quantity"])
      .where("variant_id", "=", variantId)
      .orderBy("warehouse_id")
      .execute()
  ).map((r) => [r.warehouse_id, r.quantity]);

async function placeOrder(variantId: number, quantity: number, coupon?: string) {
  const client = apiClient();
  expect(
    (await client.call("POST", "/catalog/products/addtocart", { ProductVariantId: variantId, Quantity: quantity }))
      .status,
  ).toBe(200);
  if (coupon)
    expect(await (await client.call("POST", "/shoppingcarts/coupon", { CouponCode: coupon })).json()).toBe(true);
  const response = await client.call("POST", "/sales/orders", {
    IdempotencyKey: randomBytes(12).toString("hex"),
    Email: `late${randomBytes(3).toString("hex")}@example.test`,
    Billing: await billingAddress(),
    AcceptTerms: true,
  });
  expect(response.status).toBe(200);
  return { client, placed: await response.json() };
}

const age = (orderId: number, hours: number) =>
  db()
    .updateTable("orders")
    .set({ created_at: new Date(Date.now() - hours * HOUR).toISOString() })
    .where("id", "=", orderId)
    .execute();

const statusOf = async (orderId: number) =>
  (await db().selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow()).status;

describe.each(DIALECTS)("orders left unpaid on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 40 });
  });
  afterAll(async () => {
    await database.close();
  });

  it("gives the units back to the warehouses they came from and frees the coupon, once", async () => {
    const variantId = await variantInTwoWarehouses(0);
    const before = await stockOf(variantId);
    const total = before.reduce((sum, [, q]) => sum + (q as number), 0);
    const { placed } = await placeOrder(variantId, 3, "BIENVENUE10");
    expect((await stockOf(variantId)).reduce((sum, [, q]) => sum + (q as number), 0)).toBe(total - 3);
    const fresh = await placeOrder(variantId, 1);
    await age(placed.OrderId, 2);

    expect(await releaseUnpaidOrders(new Date(Date.now() - HOUR))).toBe(1);
    expect(await statusOf(placed.OrderId)).toBe("Cancelled");
    // Only the old order's three units came back, each to its own warehouse; the fresh order keeps its one.
    const after = await stockOf(variantId);
    expect(after.reduce((sum, [, q]) => sum + (q as number), 0)).toBe(total - 1);
    expect(after.every(([warehouse, q], i) => warehouse === before[i]?.[0] && (q as number) <= 2)).toBe(true);
    expect(await statusOf(fresh.placed.OrderId)).toBe("AwaitingPayment");
    expect(
      await db().selectFrom("coupon_uses").select("id").where("order_id", "=", placed.OrderId).execute(),
    ).toHaveLength(0);
    // A second sweep finds nothing more; the fresh order goes once it is old too.
    expect(await releaseUnpaidOrders(new Date(Date.now() - HOUR))).toBe(0);
    await age(fresh.placed.OrderId, 2);
    expect(await releaseUnpaidOrders(new Date(Date.now() - HOUR))).toBe(1);
    expect(await stockOf(variantId)).toEqual(before);
  });

  it("leaves paid orders alone, and serves a payment that arrives after the release while the units are there", async () => {
    const variantId = await variantInTwoWarehouses(1);
    const before = await stockOf(variantId);
    const { client, placed } = await placeOrder(variantId, 1);
    const session = await (await client.call("POST", "/payments/sessions", { OrderNumber: placed.OrderNumber })).json();
    await age(placed.OrderId, 2);
    expect(await releaseUnpaidOrders(new Date(Date.now() - HOUR))).toBe(1);
    expect(await stockOf(variantId)).toEqual(before);

    const late = authorisation(session.id, placed.TotalTaxIncl, { psp: "LATE1" });
    expect(await (await postWebhook([late])).text()).toBe("[accepted]");
    expect(await statusOf(placed.OrderId)).toBe("Paid");
    expect((await stockOf(variantId)).reduce((sum, [, q]) => sum + (q as number), 0)).toBe(
      before.reduce((sum, [, q]) => sum + (q as number), 0) - 1,
    );
    // Paid now: a later sweep does not touch it.
    expect(await releaseUnpaidOrders(new Date(Date.now() - HOUR))).toBe(0);
    expect(await statusOf(placed.OrderId)).toBe("Paid");

    // Released again with its units sold meanwhile: the order stays cancelled and the log asks for a refund.
    const second = await placeOrder(variantId, 1);
    const secondSession = await (
      await second.client.call("POST", "/payments/sessions", { OrderNumber: second.placed.OrderNumber })
    ).json();
    await age(second.placed.OrderId, 2);
    expect(await releaseUnpaidOrders(new Date(Date.now() - HOUR))).toBe(1);
    await db().updateTable("stock").set({ quantity: 0 }).where("variant_id", "=", variantId).execute();
    const logged = captureLogs();
    await postWebhook([authorisation(secondSession.id, second.placed.TotalTaxIncl, { psp: "LATE2" })]);
    expect(await statusOf(second.placed.OrderId)).toBe("Cancelled");
    expect(logged.lines.some((line) => line.level === "error" && String(line.msg).includes("refund"))).toBe(true);
    logged.stop();
  });

  it("sweeps as soon as it starts and runs once per process", async () => {
    const variantId = await variantInTwoWarehouses(2);
    const { placed } = await placeOrder(variantId, 1);
    await age(placed.OrderId, 2);
    const said = captureLogs();
    const stop = startUnpaidOrderSweeper(60);
    // Started again (the dev server's middleware, a reloaded module): the same sweeper.
    expect(startUnpaidOrderSweeper(60)).toBe(stop);
    await vi.waitFor(async () => expect(await statusOf(placed.OrderId)).toBe("Cancelled"), { timeout: 10_000 });
    await vi.waitFor(() => expect(said.lines.filter((line) => line.msg === "released unpaid orders")).toHaveLength(1));
    expect(said.lines.find((line) => line.msg === "released unpaid orders")).toMatchObject({
      released: 1,
      minutes: 60,
    });
    stop();
    said.stop();
  });
});
