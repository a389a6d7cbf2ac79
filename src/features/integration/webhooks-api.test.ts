import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import { apiClient } from "../../../tests/support/api";
import { simpleVariant } from "../../../tests/support/checkout";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { listen, readRequest } from "../../../tests/support/fake-http";
import { paidOrder, placeOrder } from "../../../tests/support/orders";
import { withSettings } from "../../../tests/support/providers";
import { signedInOwner } from "../../../tests/support/staff";
import { createApiToken } from "./integration.server";
import { emitMerchantEvent, sendDue, sendWebhooks } from "./webhooks.server";

async function signedIn(email: string, password: string, address: string) {
  const client = apiClient(address);
  expect((await client.call("POST", "/security/login", { Email: email, Password: password })).status).toBe(200);
  return client;
}

interface Received {
  event: string;
  id: string;
  signature: string;
  body: string;
}

/** The merchant's receiver: records what it gets, answers as `answers` says (then 200), can be slow. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { answers: [] as ("fail" | "slow")[] };
  const server = createServer(async (req, res) => {
    const { text } = await readRequest(req);
    const next = state.answers.shift();
    if (next === "slow") {
      await new Promise((r) => setTimeout(r, 800));
      res.writeHead(200).end();
      return;
    }
    if (next === "fail") {
      res.writeHead(503).end("down for maintenance");
      return;
    }
    received.push({
      event: String(req.headers["vitrine-event"]),
      id: (JSON.parse(text) as { id: string }).id,
      signature: String(req.headers["vitrine-signature"]),
      body: text,
    });
    res.writeHead(204).end();
  });
  const { base, close } = await listen(server);
  return { url: `${base}/hooks`, received, state, close };
}

/** Sends until nothing is due or waiting a retry (the retry delays are a few tens of ms here). */
async function drain(rounds = 60) {
  for (let i = 0; i < rounds; i++) {
    await sendWebhooks();
    const waiting = await db().selectFrom("webhook_deliveries").select("id").where("status", "=", "pending").execute();
    if (waiting.length === 0) return;
    await new Promise((r) => setTimeout(r, 40));
  }
}

describe.each(DIALECTS)("the merchant's webhooks on %s", (dialect) => {
  let database: TestDatabase;
  let restore: () => void;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let staff: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 30 });
    restore = withSettings({ WEBHOOK_RETRY_BASE_SECONDS: "0.03", WEBHOOK_TIMEOUT_MS: "300" });
    receiver = await startReceiver();
    staff = await signedInOwner("203.0.113.71");
  });
  beforeEach(async () => {
    await db().updateTable("merchant_webhooks").set({ disabled_at: new Date().toISOString() }).execute();
    receiver.received.length = 0;
    receiver.state.answers = [];
  });
  afterAll(async () => {
    await receiver.close();
    restore();
    await database.close();
  });

  const register = async (events: string[]) => {
    const response = await staff.call("POST", "/admin/webhooks", { Url: receiver.url, Events: events });
    expect(response.status).toBe(200);
    return (await response.json()) as { Id: number; Secret: string };
  };

  it("delivers order.placed, order.paid and order.shipped exactly once each, in order, signed", async () => {
    const { Id, Secret } = await register(["order.placed", "order.paid", "order.shipped"]);
    expect(JSON.stringify(await (await staff.call("GET", "/admin/webhooks")).json())).not.toContain(Secret);
    const shopper = await signedIn("marie@vitrine.test", "Vitrine-demo-1", "203.0.113.72");
    const order = await paidOrder(shopper, [1]);
    const shipped = await staff.call("POST", `/admin/orders/${order.number}/shipments`, {
      Carrier: "bpost",
      TrackingNumber: "CD123456789BE",
      TrackingUrl: "https://track.bpost.be/CD123456789BE",
    });
    expect(shipped.status).toBe(200);
    // The sender of "another process" runs beside this one's: each delivery still arrives once.
    await Promise.all([drain(), sendDue(), sendDue()]);
    await drain();
    const mine = receiver.received.filter((r) => r.id.includes(order.number));
    expect(mine.map((r) => r.event)).toEqual(["order.placed", "order.paid", "order.shipped"]);
    for (const r of mine) {
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(r.signature) ?? [];
      expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(300);
      expect(v1).toBe(createHmac("sha256", Secret).update(`${t}.${r.body}`).digest("hex"));
    }
    expect(JSON.parse(mine[2]?.body ?? "{}").data).toMatchObject({
      Number: order.number,
      Status: "Shipped",
      TrackingNumber: "CD123456789BE",
    });
    const log = (await (await staff.call("GET", `/admin/webhooks/${Id}/deliveries`)).json()) as { Status: string }[];
    expect(log.filter((d) => d.Status === "delivered")).toHaveLength(3);
  });

  it("holds a webhook's queue while its receiver fails or is slow, retries with growing delays, then delivers in order; staff replay", async () => {
    const { Id } = await register(["order.cancelled"]);
    receiver.state.answers = ["fail", "slow", "fail"];
    await db()
      .transaction()
      .execute(async (trx) => {
        await emitMerchantEvent(trx, "order.cancelled", "VT-TEST-1", { Number: "VT-TEST-1" });
        await emitMerchantEvent(trx, "order.cancelled", "VT-TEST-2", { Number: "VT-TEST-2" });
        await emitMerchantEvent(trx, "order.cancelled", "VT-TEST-1", { Number: "VT-TEST-1" });
      });
    // A rolled-back change sends nothing.
    await db()
      .transaction()
      .execute(async (trx) => {
        await emitMerchantEvent(trx, "order.cancelled", "VT-ROLLED-BACK", {});
        throw new Error("rollback");
      })
      .catch(() => {});
    await drain();
    expect(receiver.received.map((r) => r.id)).toEqual(["order.cancelled:VT-TEST-1", "order.cancelled:VT-TEST-2"]);
    const log = (await (await staff.call("GET", `/admin/webhooks/${Id}/deliveries`)).json()) as {
      Id: number;
      Attempts: number;
      Status: string;
      LastStatus: number;
    }[];
    expect(log.map((d) => [d.Status, d.Attempts])).toEqual([
      ["delivered", 1],
      ["delivered", 4],
    ]);
    const replay = await staff.call("POST", `/admin/webhooks/deliveries/${log[1]?.Id}/replay`);
    expect(replay.status).toBe(200);
    await drain();
    expect(receiver.received.map((r) => r.id)).toEqual([
      "order.cancelled:VT-TEST-1",
      "order.cancelled:VT-TEST-2",
      "order.cancelled:VT-TEST-1",
    ]);
  });

  it("tells stock.low once when an order takes a variant to the threshold, not again below it", async () => {
    await register(["stock.low"]);
    const variant = await simpleVariant(1, 3);
    const { sku } = await db()
      .selectFrom("product_variants")
      .select("sku")
      .where("id", "=", variant.id)
      .executeTakeFirstOrThrow();
    await db().updateTable("stock").set({ quantity: 0 }).where("variant_id", "=", variant.id).execute();
    await db()
      .updateTable("stock")
      .set({ quantity: 5 })
      .where("variant_id", "=", variant.id)
      .where("warehouse_id", "=", 1)
      .execute();
    const shopper = await signedIn("jan@vitrine.test", "Vitrine-demo-2", "203.0.113.74");
    for (const quantity of [1, 2, 1]) {
      await shopper.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: quantity });
      expect((await placeOrder(shopper)).status).toBe(200);
    }
    await drain();
    // 5 → 4 (above 3), 4 → 2 (crosses: told), 2 → 1 (already below: not told again).
    const low = receiver.received.filter((r) => r.event === "stock.low").map((r) => JSON.parse(r.body).data);
    expect(low).toEqual([{ Sku: sku, Units: 2, Threshold: 3 }]);
  });

  it("gives a delivery up after WEBHOOK_GIVE_UP_HOURS, and the queue goes on", async () => {
    // 0.36 s: the retries (30, 60, 120, 240 ms…) run out within it.
    const stop = withSettings({ WEBHOOK_GIVE_UP_HOURS: "0.0001" });
    try {
      await register(["stock.low"]);
      receiver.state.answers = Array.from({ length: 50 }, () => "fail" as const);
      await db()
        .transaction()
        .execute((trx) => emitMerchantEvent(trx, "stock.low", "SKU-1", { Sku: "SKU-1" }));
      for (let i = 0; i < 40; i++) {
        await drain(1);
        const failed = await db()
          .selectFrom("webhook_deliveries")
          .select("id")
          .where("status", "=", "failed")
          .execute();
        if (failed.length > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      receiver.state.answers = [];
      await db()
        .transaction()
        .execute((trx) => emitMerchantEvent(trx, "stock.low", "SKU-2", { Sku: "SKU-2" }));
      await drain();
      const row = await db()
        .selectFrom("webhook_deliveries")
        .selectAll()
        .where("event_key", "=", "stock.low:SKU-1")
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("failed");
      expect(row.last_status).toBe(503);
      expect(row.last_error).toBe("down for maintenance");
      expect(receiver.received.map((r) => r.id)).toEqual(["stock.low:SKU-2"]);
    } finally {
      stop();
    }
  });

  it("is for staff in person: 401 a guest, 403 a shopper and a token; a bad URL is refused by field", async () => {
    expect((await apiClient().call("GET", "/admin/webhooks")).status).toBe(401);
    const shopper = await signedIn("lucia@vitrine.test", "Vitrine-demo-3", "203.0.113.73");
    expect((await shopper.call("POST", "/admin/webhooks", { Url: receiver.url, Events: ["order.paid"] })).status).toBe(
      403,
    );
    const { token } = await createApiToken("erp", ["orders:write"], "test");
    const erp = await apiClient("192.0.2.50").app.request("http://erp.example/api/v1/admin/webhooks", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(erp.status).toBe(403);
    const bad = await staff.call("POST", "/admin/webhooks", { Url: "ftp://example.com/x", Events: ["order.paid"] });
    expect(bad.status).toBe(400);
    expect((await bad.json()).Errors).toHaveProperty("Url");
    const unknown = await staff.call("POST", "/admin/webhooks", { Url: receiver.url, Events: ["order.deleted"] });
    expect(unknown.status).toBe(400);
  });
});
