import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryChangeOpen } from "~/features/orders/delivery-change.server";
import { db } from "~/server/db/client";
import { apiClient, tokenCaller } from "../../../tests/support/api";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { paidOrder } from "../../../tests/support/orders";
import { withSettings } from "../../../tests/support/providers";
import { signedInOwner } from "../../../tests/support/staff";
import { DEMO_API_TOKEN } from "./integration.seed";
import { createApiToken } from "./integration.server";

async function signedIn(email: string, password: string, address: string) {
  const client = apiClient(address);
  expect((await client.call("POST", "/security/login", { Email: email, Password: password })).status).toBe(200);
  return client;
}

describe("npm run admin -- create-token", () => {
  it("prints a token once, refuses an unknown scope by name, and keeps only the token's hash", () => {
    const file = `data/token-cli-${Date.now()}.sqlite`;
    try {
      const run = (...args: string[]) =>
        spawnSync(process.execPath, ["--import", "tsx", "src/server/db/admin.ts", ...args], {
          env: { ...process.env, DATABASE_URL: file, NODE_ENV: "production", LOG_LEVEL: "silent" },
          encoding: "utf8",
        });
      const bad = run("create-token", "--name", "erp", "--scopes", "orders:read,orders:delete");
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain("orders:delete");
      const good = run("create-token", "--name", "erp", "--scopes", "catalog:write,orders:write");
      expect(good.status).toBe(0);
      const token = good.stdout.trim().split("\n").at(-1) ?? "";
      expect(token).toMatch(/^vt_[A-Za-z0-9_-]{43}$/);
    } finally {
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
    }
  });
});

describe.each(DIALECTS)("the integration API on %s", (dialect) => {
  let database: TestDatabase;
  let restore: () => void;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 30 });
    restore = withSettings({ API_TOKEN_REQUESTS_PER_MINUTE: "40" });
  });
  afterAll(async () => {
    restore();
    await database.close();
  });

  it("lets staff create, list and revoke tokens; a token is shown once and cannot manage tokens", async () => {
    const staff = await signedInOwner("203.0.113.70");
    const created = await staff.call("POST", "/admin/tokens", { Name: "erp", Scopes: ["orders:read"] });
    expect(created.status).toBe(200);
    const { Id, Token } = (await created.json()) as { Id: number; Token: string };
    const list = await (await staff.call("GET", "/admin/tokens")).json();
    expect(list.find((t: { Id: number }) => t.Id === Id)).toMatchObject({
      Name: "erp",
      Scopes: ["orders:read"],
      RevokedAt: null,
    });
    expect(JSON.stringify(list)).not.toContain(Token);
    const stored = await db()
      .selectFrom("api_tokens")
      .select("token_hash")
      .where("id", "=", Id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(Token);
    expect((await tokenCaller(Token)("GET", "/admin/tokens")).status).toBe(403);
    expect((await tokenCaller(Token)("GET", "/admin/orders")).status).toBe(200);
    // A staff member's write from another site (their cookie would go along) is refused.
    expect(
      (
        await staff.call(
          "POST",
          "/admin/tokens",
          { Name: "stolen", Scopes: ["orders:read"] },
          { Origin: "https://evil.example" },
        )
      ).status,
    ).toBe(403);
    expect((await staff.call("DELETE", `/admin/tokens/${Id}`)).status).toBe(200);
    expect((await tokenCaller(Token)("GET", "/admin/orders")).status).toBe(401);
    expect((await staff.call("DELETE", `/admin/tokens/${Id}`)).status).toBe(404);
    const audit = await (await staff.call("GET", "/admin/audit")).json();
    expect(audit.map((e: { Action: string }) => e.Action)).toEqual(
      expect.arrayContaining(["token.create", "token.revoke"]),
    );
  });

  it("answers 401 to a guest or a made-up token, 403 to a shopper, an editor and a token without the scope, 429 past the limit", async () => {
    expect((await apiClient().call("GET", "/admin/orders")).status).toBe(401);
    expect((await tokenCaller("vt_madeupmadeupmadeupmadeupmadeupmadeupmadeu")("GET", "/admin/orders")).status).toBe(
      401,
    );
    expect((await tokenCaller("not a token")("GET", "/admin/orders")).status).toBe(401);
    const marie = await signedIn("marie@vitrine.test", "Vitrine-demo-1", "203.0.113.71");
    expect((await marie.call("GET", "/admin/orders")).status).toBe(403);
    const editor = await signedIn("editor@vitrine.test", "Vitrine-editor-1", "203.0.113.72");
    expect((await editor.call("GET", "/admin/orders")).status).toBe(403);
    const reader = await createApiToken("reader", ["orders:read"], "test");
    const write = await tokenCaller(reader.token)("POST", "/admin/orders/VT-0000000000/shipments", {
      Carrier: "bpost",
      TrackingNumber: "323212345",
    });
    expect(write.status).toBe(403);
    const busy = await createApiToken("busy", ["catalog:read"], "test");
    const answers = await Promise.all(
      Array.from({ length: 45 }, () => tokenCaller(busy.token)("GET", "/admin/orders")),
    );
    // catalog:read does not read orders: 403 until the limit, then 429.
    expect(answers.filter((a) => a.status === 403)).toHaveLength(40);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
  });

  it("reads and ships an order: in parcels, the shopper mailed with the tracking, the delivery address frozen, every write audited", async () => {
    const marie = await signedIn("marie@vitrine.test", "Vitrine-demo-1", "203.0.113.73");
    const order = await paidOrder(marie, [3, 1]);
    const { token } = await createApiToken("wms", ["orders:read", "orders:write"], "test");
    const call = tokenCaller(token);
    const listed = await (await call("GET", "/admin/orders?status=Paid")).json();
    expect(listed.map((o: { Number: string }) => o.Number)).toContain(order.number);
    expect((await call("GET", "/admin/orders?status=Lost")).status).toBe(400);
    const detail = await (await call("GET", `/admin/orders/${order.number}`)).json();
    expect(detail).toMatchObject({
      Status: "Paid",
      PaymentMethod: "card",
      Lines: [expect.objectContaining({ Quantity: 3 }), expect.objectContaining({ Quantity: 1 })],
    });
    expect((await call("GET", "/admin/orders/VT-0000000000")).status).toBe(404);
    const [first, second] = order.lines;
    const tooMany = await call("POST", `/admin/orders/${order.number}/shipments`, {
      Carrier: "bpost",
      TrackingNumber: "323299999",
      Lines: [{ OrderLineId: first?.id, Quantity: 4 }],
    });
    expect(tooMany.status).toBe(400);
    expect(Object.keys((await tooMany.json()).Errors)).toEqual(["Lines.0.Quantity"]);
    const parcel = await call("POST", `/admin/orders/${order.number}/shipments`, {
      Carrier: "bpost",
      TrackingNumber: "323212345",
      TrackingUrl: "https://track.bpost.cloud/btr/web/#/search?itemCode=323212345",
      Lines: [{ OrderLineId: first?.id, Quantity: 2 }],
    });
    expect(await parcel.json()).toMatchObject({ Status: "PartlyShipped" });
    const row = await db().selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(deliveryChangeOpen(row)).toBe(false);
    // The rest, twice at once: one parcel takes it, the other finds nothing left.
    const rest = await Promise.all(
      [1, 2].map(() =>
        call("POST", `/admin/orders/${order.number}/shipments`, { Carrier: "PostNL", TrackingNumber: "3SABCD1234" }),
      ),
    );
    expect(rest.map((r) => r.status).sort()).toEqual([200, 409]);
    const shipped = await (await call("GET", `/admin/orders/${order.number}`)).json();
    expect(shipped.Status).toBe("Shipped");
    expect(shipped.Shipments.map((s: { Lines: unknown[] }) => s.Lines)).toEqual([
      [{ OrderLineId: first?.id, Quantity: 2 }],
      [
        { OrderLineId: first?.id, Quantity: 1 },
        { OrderLineId: second?.id, Quantity: 1 },
      ],
    ]);
    const mails = await db()
      .selectFrom("mail_outbox")
      .selectAll()
      .where("to_address", "=", "marie@vitrine.test")
      .execute();
    const shippedMails = mails.filter((m) => m.subject.includes(order.number) && m.subject.includes("route"));
    expect(shippedMails).toHaveLength(2);
    expect(shippedMails[0]?.body).toContain("https://track.bpost.cloud/btr/web/#/search?itemCode=323212345");
    const audit = await db()
      .selectFrom("audit_log")
      .selectAll()
      .where("target", "=", `order:${order.number}`)
      .execute();
    expect(audit.map((a) => [a.actor, a.action])).toEqual([
      [`token:wms#${audit[0]?.actor.split("#")[1]}`, "order.ship"],
      [audit[0]?.actor, "order.ship"],
    ]);
  });

  it("lets the demo shop's published token read the demo orders (a public production start refuses it)", async () => {
    const orders = await (await tokenCaller(DEMO_API_TOKEN)("GET", "/admin/orders?status=Shipped")).json();
    expect(orders.length).toBeGreaterThan(0);
  });

  it("refuses to ship an order that is not paid", async () => {
    const marie = await signedIn("marie@vitrine.test", "Vitrine-demo-1", "203.0.113.74");
    const variant = await db().selectFrom("product_variants").select("id").orderBy("id").executeTakeFirstOrThrow();
    await marie.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 });
    const { placeOrder } = await import("../../../tests/support/orders");
    const placed = (await (await placeOrder(marie)).json()) as { OrderNumber: string };
    const { token } = await createApiToken("wms2", ["orders:write"], "test");
    const answer = await tokenCaller(token)("POST", `/admin/orders/${placed.OrderNumber}/shipments`, {
      Carrier: "bpost",
      TrackingNumber: "323212346",
    });
    expect(answer.status).toBe(409);
    expect((await answer.json()).Code).toBe("OrderNotShippable");
  });

  it("lists customers to a token with customers:read, by the start of an e-mail, without any secret", async () => {
    const { token } = await createApiToken("crm", ["customers:read"], "test");
    const answer = await tokenCaller(token)("GET", "/admin/customers?q=MARIE@");
    expect(answer.status).toBe(200);
    const list = (await answer.json()) as { Email: string; Culture: string }[];
    expect(list.map((c) => c.Email)).toEqual(["marie@vitrine.test"]);
    expect(JSON.stringify(list)).not.toMatch(/password|totp|\$argon|\$2[aby]\$/i);
    const orders = (await createApiToken("wms", ["orders:read"], "test")).token;
    expect((await tokenCaller(orders)("GET", "/admin/customers")).status).toBe(403);
  });
});
