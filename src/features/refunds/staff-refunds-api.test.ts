import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "~/features/integration/integration.server";
import { db } from "~/server/db/client";
import { apiClient } from "../../../tests/support/api";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import {
  mailsAbout,
  orderState,
  paymentsOf,
  providerOrder,
  withFakeAdyen,
  withFakeMollie,
} from "../../../tests/support/providers";

const HMAC = "7A1C55D2E8B6A4F0C1D2E3F4A5B6C7D8E9F0A1B2C3D4E5F6A7B8C9D0E1F2A3B4";

async function signedIn(email: string, password: string, address: string) {
  const client = apiClient(address);
  expect((await client.call("POST", "/security/login", { Email: email, Password: password })).status).toBe(200);
  return client;
}

describe.each(DIALECTS)("staff refunds through the provider on %s", (dialect) => {
  let database: TestDatabase;
  let adyen: Awaited<ReturnType<typeof withFakeAdyen>>["adyen"];
  let close: () => Promise<void>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 30 });
    ({ adyen, close } = await withFakeAdyen(HMAC));
  });
  afterAll(async () => {
    await close();
    await database.close();
  });

  /** Marie's order of two units, paid by card through Adyen, and her request to give `units` back. */
  async function requested(skip: number, units: number, method = "Original") {
    const marie = await signedIn("marie@vitrine.test", "Vitrine-demo-1", "203.0.113.61");
    const placed = (await (await providerOrder(marie, { skip, quantity: 2 })).json()) as {
      OrderNumber: string;
      OrderId: number;
    };
    const session = await (await marie.call("POST", "/payments/sessions", { OrderNumber: placed.OrderNumber })).json();
    await adyen.submit(session.id, "scheme", "4111111111111111");
    expect((await orderState(placed.OrderId)).status).toBe("Paid");
    const line = await db()
      .selectFrom("order_lines")
      .select("id")
      .where("order_id", "=", placed.OrderId)
      .executeTakeFirstOrThrow();
    const asked = await marie.call("POST", "/sales/refunds", {
      OrderNumber: placed.OrderNumber,
      Lines: [{ OrderLineId: line.id, Quantity: units }],
      Method: method,
      ...(method === "BankTransfer" ? { Iban: "BE68539007547034", AccountHolder: "Marie Dupont" } : {}),
    });
    expect(asked.status).toBe(200);
    const request = (await asked.json()) as { RefundRequestId: number; Amount: number };
    return { marie, placed, request };
  }

  it("lets staff refund part of a request through Adyen: the provider's REFUND ends it and the shopper gets her mail", async () => {
    const { marie, placed, request } = await requested(0, 1);
    const staff = await signedIn("staff@vitrine.test", "Vitrine-staff-1", "203.0.113.62");
    const list = await (await staff.call("GET", "/admin/refunds/requests")).json();
    expect(list.find((r: { Id: number }) => r.Id === request.RefundRequestId)).toMatchObject({ Status: "Requested" });
    const granted = request.Amount - 100;
    const tooMuch = await staff.call("POST", `/admin/refunds/requests/${request.RefundRequestId}/approve`, {
      Amount: request.Amount + 1,
    });
    expect(tooMuch.status).toBe(400);
    const [one, two] = await Promise.all([
      staff.call("POST", `/admin/refunds/requests/${request.RefundRequestId}/approve`, { Amount: granted }),
      staff.call("POST", `/admin/refunds/requests/${request.RefundRequestId}/approve`, { Amount: granted }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const refundCall = adyen.requests.findLast((r) => r.path.endsWith("/refunds"));
    expect(refundCall?.headers["idempotency-key"]).toBe(`refund-request-${request.RefundRequestId}`);
    expect(refundCall?.body).toMatchObject({ amount: { value: granted, currency: "EUR" } });
    const [payment] = await paymentsOf(placed.OrderId);
    expect(payment?.refunded).toBe(granted);
    const mine = await (await marie.call("GET", "/sales/refunds")).json();
    expect(mine.find((r: { Id: number }) => r.Id === request.RefundRequestId)).toMatchObject({ Status: "Refunded" });
    const mails = await mailsAbout(placed.OrderNumber, "marie@vitrine.test");
    expect(mails.map((m) => m.subject)).toEqual([expect.any(String), expect.stringContaining("Remboursement")]);
    expect(mails[1]?.body).toContain((granted / 100).toFixed(2).replace(".", ","));
  });

  it("lets staff refuse with a reason the shopper reads; refuses a shopper, a guest, another decision and an empty reason", async () => {
    const { marie, placed, request } = await requested(1, 1);
    expect((await marie.call("POST", `/admin/refunds/requests/${request.RefundRequestId}/approve`, {})).status).toBe(
      403,
    );
    expect((await marie.call("GET", "/admin/refunds/requests")).status).toBe(403);
    expect(
      (await apiClient().call("POST", `/admin/refunds/requests/${request.RefundRequestId}/refuse`, { Reason: "Non" }))
        .status,
    ).toBe(401);
    const staff = await signedIn("staff@vitrine.test", "Vitrine-staff-1", "203.0.113.63");
    expect(
      (await staff.call("POST", `/admin/refunds/requests/${request.RefundRequestId}/refuse`, { Reason: " " })).status,
    ).toBe(400);
    const refused = await staff.call("POST", `/admin/refunds/requests/${request.RefundRequestId}/refuse`, {
      Reason: "Article porté et lavé",
    });
    expect(await refused.json()).toMatchObject({ Status: "Refused" });
    expect((await staff.call("POST", `/admin/refunds/requests/${request.RefundRequestId}/approve`, {})).status).toBe(
      409,
    );
    expect((await staff.call("POST", "/sales/refunds/999999/approve", {})).status).toBe(404);
    const mail = (await mailsAbout(placed.OrderNumber, "marie@vitrine.test")).at(-1);
    expect(mail?.body).toContain("Article porté et lavé");
    expect((await paymentsOf(placed.OrderId))[0]?.refunded).toBe(0);
  });

  it("accepts a bank-transfer request without calling the provider, and reopens a request the provider could not take", async () => {
    const { placed, request } = await requested(2, 1, "BankTransfer");
    const staff = await signedIn("staff@vitrine.test", "Vitrine-staff-1", "203.0.113.64");
    const calls = adyen.requests.length;
    const accepted = await staff.call("POST", `/admin/refunds/requests/${request.RefundRequestId}/approve`, {});
    expect(await accepted.json()).toMatchObject({ Status: "Accepted", Amount: request.Amount });
    expect(adyen.requests.length).toBe(calls);
    expect((await mailsAbout(placed.OrderNumber, "marie@vitrine.test")).at(-1)?.subject).toContain("accept");
    const second = await requested(3, 1);
    adyen.state.failures.push(503);
    const down = await staff.call("POST", `/admin/refunds/requests/${second.request.RefundRequestId}/approve`, {});
    expect(down.status).toBe(503);
    const list = await (await staff.call("GET", "/admin/refunds/requests")).json();
    expect(list.find((r: { Id: number }) => r.Id === second.request.RefundRequestId)?.Status).toBe("Requested");
    const again = await staff.call("POST", `/admin/refunds/requests/${second.request.RefundRequestId}/approve`, {});
    expect(await again.json()).toMatchObject({ Status: "Refunded" });
    expect((await paymentsOf(second.placed.OrderId))[0]?.refunded).toBe(second.request.Amount);
  });
  it("lets an ERP's token list requests and approve one, paid back through the provider, the audit naming the token", async () => {
    const { request } = await requested(7, 1);
    const { token } = await createApiToken("erp", ["orders:read", "orders:write"], "test");
    const erp = apiClient("192.0.2.62");
    const call = (method: string, path: string, body?: unknown) =>
      erp.app.request(`http://erp.example/api/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const list = (await (await call("GET", "/admin/refunds/requests")).json()) as { Id: number; Status: string }[];
    expect(list.find((r) => r.Id === request.RefundRequestId)?.Status).toBe("Requested");
    const approved = await call("POST", `/admin/refunds/requests/${request.RefundRequestId}/approve`, {});
    expect(approved.status).toBe(200);
    await adyen.idle();
    const after = (await (await call("GET", "/admin/refunds/requests")).json()) as { Id: number; Status: string }[];
    expect(after.find((r) => r.Id === request.RefundRequestId)?.Status).toBe("Refunded");
    const decided = await db()
      .selectFrom("refund_requests")
      .select("decided_by")
      .where("id", "=", request.RefundRequestId)
      .executeTakeFirstOrThrow();
    expect(decided.decided_by).toBeNull();
    const audit = await db()
      .selectFrom("audit_log")
      .select("actor")
      .where("target", "=", `refund-request:${request.RefundRequestId}`)
      .execute();
    expect(audit.map((a) => a.actor)).toEqual([expect.stringMatching(/^token:erp#\d+$/)]);
  });

  it("lets the merchant cancel a paid order through the integration API: units back, the card refunded once through Adyen, the shopper mailed", async () => {
    const marie = await signedIn("marie@vitrine.test", "Vitrine-demo-1", "203.0.113.67");
    const placed = (await (await providerOrder(marie, { skip: 5, quantity: 2 })).json()) as {
      OrderNumber: string;
      OrderId: number;
    };
    const line = await db()
      .selectFrom("order_lines")
      .select(["variant_id", "quantity"])
      .where("order_id", "=", placed.OrderId)
      .executeTakeFirstOrThrow();
    const stockOf = async () =>
      Number(
        (
          await db()
            .selectFrom("stock")
            .select((eb) => eb.fn.sum<number | string>("quantity").as("units"))
            .where("variant_id", "=", line.variant_id)
            .executeTakeFirstOrThrow()
        ).units,
      );
    const session = await (await marie.call("POST", "/payments/sessions", { OrderNumber: placed.OrderNumber })).json();
    await adyen.submit(session.id, "scheme", "4111111111111111");
    const before = await stockOf();
    const { token } = await createApiToken("oms", ["orders:write"], "test");
    const cancel = () =>
      apiClient("192.0.2.41").app.request(`http://oms.example/api/v1/admin/orders/${placed.OrderNumber}/cancel`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}` },
      });
    const answer = await cancel();
    expect(answer.status).toBe(200);
    const [payment] = await paymentsOf(placed.OrderId);
    const body = await answer.json();
    // Adyen takes the refund ("received") and its REFUND notification tells it done.
    expect(body).toMatchObject({ Status: "Cancelled", Refund: { Amount: payment?.amount } });
    const refund = await db()
      .selectFrom("payment_refunds")
      .selectAll()
      .where("id", "=", body.Refund.Id)
      .executeTakeFirstOrThrow();
    expect(refund.status).toBe("Refunded");
    expect(await stockOf()).toBe(before + line.quantity);
    expect((await cancel()).status).toBe(409);
    expect((await paymentsOf(placed.OrderId))[0]?.refunded).toBe(payment?.amount);
    expect(adyen.requests.filter((r) => r.headers["idempotency-key"] === `cancel-${placed.OrderId}`)).toHaveLength(1);
    const mails = await mailsAbout(placed.OrderNumber, "marie@vitrine.test");
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining("annulée"), expect.stringContaining("Remboursement")]),
    );
  });
});

describe.each(DIALECTS)("staff refunds through Mollie on %s", (dialect) => {
  let database: TestDatabase;
  let mollie: Awaited<ReturnType<typeof withFakeMollie>>["mollie"];
  let close: () => Promise<void>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 30 });
    ({ mollie, close } = await withFakeMollie());
  });
  afterAll(async () => {
    await close();
    await database.close();
  });

  it("pays with Bancontact, then staff refund part of it: pending at Mollie until it says refunded, then the shopper's mail", async () => {
    const marie = await signedIn("marie@vitrine.test", "Vitrine-demo-1", "203.0.113.65");
    const placed = (await (await providerOrder(marie, { method: "bancontact", quantity: 2 })).json()) as {
      OrderNumber: string;
      OrderId: number;
    };
    const started = await (await marie.call("POST", "/payments/sessions", { OrderNumber: placed.OrderNumber })).json();
    const [payment] = await paymentsOf(placed.OrderId);
    expect(started.url).toContain(payment?.psp_reference);
    await mollie.setStatus(payment?.psp_reference as string, "paid");
    expect((await orderState(placed.OrderId)).status).toBe("Paid");
    const line = await db()
      .selectFrom("order_lines")
      .select("id")
      .where("order_id", "=", placed.OrderId)
      .executeTakeFirstOrThrow();
    const asked = await marie.call("POST", "/sales/refunds", {
      OrderNumber: placed.OrderNumber,
      Lines: [{ OrderLineId: line.id, Quantity: 1 }],
      Method: "Original",
    });
    const request = (await asked.json()) as { RefundRequestId: number; Amount: number };
    const staff = await signedIn("staff@vitrine.test", "Vitrine-staff-1", "203.0.113.66");
    const approved = await staff.call("POST", `/admin/refunds/requests/${request.RefundRequestId}/approve`, {
      Amount: request.Amount - 50,
    });
    expect(await approved.json()).toMatchObject({ Status: "Refunding", Amount: request.Amount - 50 });
    const refund = mollie.payments.get(payment?.psp_reference as string)?.refunds[0];
    expect(refund?.amount).toEqual({ currency: "EUR", value: ((request.Amount - 50) / 100).toFixed(2) });
    await mollie.settleRefund(payment?.psp_reference as string, refund?.id as string, "refunded");
    const mine = await (await marie.call("GET", "/sales/refunds")).json();
    expect(mine.find((r: { Id: number }) => r.Id === request.RefundRequestId)).toMatchObject({ Status: "Refunded" });
    const mails = await mailsAbout(placed.OrderNumber, "marie@vitrine.test");
    expect(mails.map((m) => m.subject)).toEqual([expect.any(String), expect.stringContaining("Remboursement")]);
  });
});
