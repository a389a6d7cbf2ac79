import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import { apiClient } from "../../../tests/support/api";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { mailsAbout, orderState, paymentsOf, providerOrder, withFakeMollie } from "../../../tests/support/providers";
import { mollieProvider } from "./mollie.server";
import { processWaitingNotifications } from "./notifications.server";
import { submitDetails } from "./payment.server";
import { refundPayment } from "./payment-refunds.server";

describe.each(DIALECTS)("Mollie on %s", (dialect) => {
  let database: TestDatabase;
  let mollie: Awaited<ReturnType<typeof withFakeMollie>>["mollie"];
  let hooks: Awaited<ReturnType<typeof withFakeMollie>>["hooks"];
  let webhookClient: Awaited<ReturnType<typeof withFakeMollie>>["poster"];
  let close: () => Promise<void>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 40 });
    ({ mollie, hooks, poster: webhookClient, close } = await withFakeMollie({ PAYMENT_TIMEOUT_MS: "400" }));
  });
  afterAll(async () => {
    await close();
    await database.close();
  });

  async function started(options: Parameters<typeof providerOrder>[1]) {
    const client = apiClient();
    const response = await providerOrder(client, options);
    expect(response.status).toBe(200);
    const order = (await response.json()) as { OrderNumber: string; OrderId: number };
    const answer = await client.call("POST", "/payments/sessions", { OrderNumber: order.OrderNumber });
    expect(answer.status).toBe(200);
    const { url } = (await answer.json()) as { url: string };
    const [payment] = await paymentsOf(order.OrderId);
    return { client, order, url, payment: payment as NonNullable<typeof payment> };
  }

  it("pays with Bancontact in Belgium: the shopper goes to Mollie's checkout; the webhook's id is read back and the order is paid once", async () => {
    const { client, order, url, payment } = await started({ method: "bancontact", country: "BE", skip: 0 });
    expect(url).toBe(`${mollie.url}/checkout/${payment.psp_reference}`);
    const request = mollie.requests.findLast((r) => r.path === "/v2/payments");
    expect(request?.headers.authorization).toBe("Bearer test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM");
    expect(request?.body).toMatchObject({
      amount: { currency: "EUR", value: (payment.amount / 100).toFixed(2) },
      method: "bancontact",
      locale: "fr_BE",
      redirectUrl: `http://localhost:4321/fr/sales/order/${order.OrderNumber}/return?payment=${payment.id}`,
      webhookUrl: "http://localhost:4321/api/v1/payments/webhooks/mollie",
      metadata: { paymentId: payment.id, orderNumber: order.OrderNumber },
    });
    // The payment page loaded again: the same payment at Mollie, none started beside it.
    const made = mollie.requests.filter((r) => r.path === "/v2/payments").length;
    const again = await client.call("POST", "/payments/sessions", { OrderNumber: order.OrderNumber });
    expect(((await again.json()) as { url: string }).url).toBe(url);
    expect(mollie.requests.filter((r) => r.path === "/v2/payments")).toHaveLength(made);
    expect(await paymentsOf(order.OrderId)).toHaveLength(1);
    await mollie.setStatus(payment.psp_reference as string, "paid");
    expect(hooks.at(-1)?.status).toBe(200);
    expect((await orderState(order.OrderId)).status).toBe("Paid");
    await mollie.callWebhook(payment.psp_reference as string);
    expect(await mailsAbout(order.OrderNumber)).toHaveLength(1);
  });

  it("pays with iDEAL in the Netherlands: the return reads the payment from Mollie (never the browser's word) before the webhook", async () => {
    const refused = await providerOrder(apiClient(), { method: "bancontact", country: "NL", skip: 1 });
    expect(refused.status).toBe(422);
    const { order, payment } = await started({ method: "ideal", country: "NL", skip: 1 });
    expect(mollie.requests.findLast((r) => r.path === "/v2/payments")?.body).toMatchObject({ method: "ideal" });
    // Back while the payment is still open: nothing is paid.
    expect((await submitDetails({ paymentId: payment.id })).resultCode).toBe("Pending");
    expect((await orderState(order.OrderId)).status).toBe("AwaitingPayment");
    await mollie.setStatus(payment.psp_reference as string, "paid", { call: false });
    expect((await submitDetails({ paymentId: payment.id })).resultCode).toBe("Authorised");
    expect((await orderState(order.OrderId)).status).toBe("Paid");
    await mollie.callWebhook(payment.psp_reference as string);
    expect(await mailsAbout(order.OrderNumber)).toHaveLength(1);
  });

  it("never trusts the webhook: a made-up id changes nothing, a failed payment leaves the order awaiting payment", async () => {
    const unknown = await webhookClient.app.request("http://mollie.example/api/v1/payments/webhooks/mollie", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "id=tr_madeup1234",
    });
    expect(unknown.status).toBe(200);
    const bad = await webhookClient.app.request("http://mollie.example/api/v1/payments/webhooks/mollie", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "id=<script>",
    });
    expect(bad.status).toBe(400);
    const { order, payment } = await started({ method: "card", skip: 2 });
    await mollie.setStatus(payment.psp_reference as string, "failed");
    expect((await orderState(order.OrderId)).status).toBe("AwaitingPayment");
    expect((await paymentsOf(order.OrderId))[0]?.status).toBe("Refused");
  });

  it("cancels an open payment at Mollie; its webhook then ends the payment, and the order still awaits one", async () => {
    const { order, payment } = await started({ method: "card", skip: 6 });
    await mollieProvider.cancel({ id: payment.id, pspReference: payment.psp_reference as string }, "unused");
    expect(mollie.requests.findLast((r) => r.method === "DELETE")?.path).toBe(`/v2/payments/${payment.psp_reference}`);
    await mollie.callWebhook(payment.psp_reference as string);
    expect((await paymentsOf(order.OrderId))[0]?.status).toBe("Refused");
    expect((await orderState(order.OrderId)).status).toBe("AwaitingPayment");
  });

  it("stores a webhook when Mollie's API is down and processes it later", async () => {
    const { order, payment } = await started({ method: "bancontact", skip: 3 });
    mollie.state.failures.push(503);
    await mollie.setStatus(payment.psp_reference as string, "paid");
    expect(hooks.at(-1)?.status).toBe(200);
    expect((await orderState(order.OrderId)).status).toBe("AwaitingPayment");
    const waiting = await db()
      .selectFrom("payment_notifications")
      .selectAll()
      .where("processed_at", "is", null)
      .execute();
    expect(waiting.map((n) => n.payload)).toContain(payment.psp_reference);
    expect(await processWaitingNotifications(0)).toBeGreaterThan(0);
    expect((await orderState(order.OrderId)).status).toBe("Paid");
  });

  it("refunds in part through Mollie: pending until Mollie says refunded, then the shopper's mail; a chargeback tells the shop", async () => {
    const { order, payment } = await started({ method: "bancontact", skip: 4, quantity: 2 });
    await mollie.setStatus(payment.psp_reference as string, "paid");
    const part = Math.floor(payment.amount / 2);
    const refund = await refundPayment(payment.id, part, `mollie-refund-${payment.id}`, null);
    expect(refund.status).toBe("Pending");
    const request = mollie.requests.findLast((r) => r.path.endsWith("/refunds") && r.method === "POST");
    expect(request?.headers["idempotency-key"]).toBe(`mollie-refund-${payment.id}`);
    expect(request?.body).toMatchObject({ amount: { currency: "EUR", value: (part / 100).toFixed(2) } });
    await expect(
      refundPayment(payment.id, payment.amount - part + 1, `mollie-refund-${payment.id}-2`, null),
    ).rejects.toMatchObject({
      code: "RefundExceedsCaptured",
    });
    const molliePayment = mollie.payments.get(payment.psp_reference as string);
    await mollie.settleRefund(payment.psp_reference as string, molliePayment?.refunds[0]?.id as string, "refunded");
    const row = await db()
      .selectFrom("payment_refunds")
      .selectAll()
      .where("id", "=", refund.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("Refunded");
    const mails = await mailsAbout(order.OrderNumber, (await orderState(order.OrderId)).email);
    expect(mails.map((m) => m.subject)).toEqual([expect.any(String), expect.stringContaining("Remboursement")]);
    await mollie.chargeback(payment.psp_reference as string, payment.amount - part);
    expect((await orderState(order.OrderId)).chargeback_at).not.toBeNull();
    expect(await mailsAbout(order.OrderNumber, "shop@vitrine.test")).toHaveLength(1);
  });

  it("keeps the order when Mollie refuses or does not answer at the payment", async () => {
    const client = apiClient();
    const response = await providerOrder(client, { method: "card", skip: 5 });
    const order = (await response.json()) as { OrderNumber: string; OrderId: number };
    mollie.state.failures.push(422);
    const refused = await client.call("POST", "/payments/sessions?culture=de", { OrderNumber: order.OrderNumber });
    expect(refused.status).toBe(503);
    expect((await refused.json()).Message).not.toMatch(/Simulated/);
    mollie.state.delayMs = 800;
    try {
      expect((await client.call("POST", "/payments/sessions", { OrderNumber: order.OrderNumber })).status).toBe(503);
    } finally {
      mollie.state.delayMs = 0;
    }
    expect((await orderState(order.OrderId)).status).toBe("AwaitingPayment");
  });
});
