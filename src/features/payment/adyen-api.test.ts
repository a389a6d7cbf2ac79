import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { releaseUnpaidOrders } from "~/features/orders/unpaid-orders.server";
import { db } from "~/server/db/client";
import { apiClient } from "../../../tests/support/api";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { mailsAbout, orderState, paymentsOf, providerOrder, withFakeAdyen } from "../../../tests/support/providers";
import { adyenProvider, forgetAdyenMethodsForTests } from "./adyen.server";
import type { NotificationItem } from "./payment";
import { refundPayment } from "./payment-refunds.server";

const HMAC = "9F3A1C55D2E8B6A4F0C1D2E3F4A5B6C7D8E9F0A1B2C3D4E5F6A7B8C9D0E1F2A3";
const OLD_HMAC = "11112222333344445555666677778888999900001111222233334444555566AA";
const CARDS = { success: "4111111111111111", refused: "4000000000000002", challenge: "4000000000003220" };

describe.each(DIALECTS)("Adyen's sessions flow on %s", (dialect) => {
  let database: TestDatabase;
  let adyen: Awaited<ReturnType<typeof withFakeAdyen>>["adyen"];
  let close: () => Promise<void>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 40 });
    ({ adyen, close } = await withFakeAdyen(HMAC, { ADYEN_HMAC_KEY_PREVIOUS: OLD_HMAC, PAYMENT_TIMEOUT_MS: "400" }));
  });
  afterAll(async () => {
    await close();
    await database.close();
  });

  async function placed(options: Parameters<typeof providerOrder>[1] = {}) {
    const client = apiClient();
    const response = await providerOrder(client, options);
    expect(response.status).toBe(200);
    const order = (await response.json()) as { OrderNumber: string; OrderId: number };
    return { client, order };
  }

  async function session(client: ReturnType<typeof apiClient>, number: string) {
    const response = await client.call("POST", "/payments/sessions", { OrderNumber: number });
    expect(response.status).toBe(200);
    return (await response.json()) as { id: string; sessionData: string; clientKey: string; environment: string };
  }

  it("pays by card: a session as Adyen documents it, the Drop-in's submit, then the notification marks the order paid and mails once", async () => {
    const { client, order } = await placed({ skip: 0 });
    const started = await session(client, order.OrderNumber);
    expect(started).toMatchObject({ clientKey: "test_FAKECLIENTKEY0001", environment: "test" });
    const request = adyen.requests.findLast((r) => r.path === "/v71/sessions");
    const [payment] = await paymentsOf(order.OrderId);
    expect(request?.headers["x-api-key"]).toBe("AQE_test_api_key");
    expect(request?.headers["idempotency-key"]).toBe(`session-${payment?.id}`);
    expect(request?.body).toMatchObject({
      merchantAccount: "VitrineECOM",
      amount: { value: payment?.amount, currency: "EUR" },
      reference: payment?.id,
      returnUrl: `http://localhost:4321/fr/sales/order/${order.OrderNumber}/return`,
      countryCode: "BE",
      shopperLocale: "fr-BE",
      allowedPaymentMethods: ["scheme"],
      lineItems: [expect.objectContaining({ quantity: 1, amountIncludingTax: expect.any(Number) })],
    });
    expect((await adyen.submit(started.id, "scheme", CARDS.success)).body).toMatchObject({ resultCode: "Authorised" });
    expect((await orderState(order.OrderId)).status).toBe("Paid");
    const [paid] = await paymentsOf(order.OrderId);
    expect(paid).toMatchObject({ status: "Authorised", captured: payment?.amount, provider: "adyen" });
    expect(await mailsAbout(order.OrderNumber)).toHaveLength(1);
  });

  it("takes a 3-D Secure card through the redirect: /payments/details proves the outcome; the late notification changes nothing", async () => {
    const { client, order } = await placed({ skip: 1 });
    const started = await session(client, order.OrderNumber);
    adyen.state.hold = true;
    try {
      const answer = (await adyen.submit(started.id, "scheme", CARDS.challenge)).body as {
        action: { url: string };
      };
      const psp = new URL(answer.action.url).searchParams.get("psp") as string;
      expect((await orderState(order.OrderId)).status).toBe("AwaitingPayment");
      // The browser's return alone proves nothing: a made-up redirectResult is refused.
      expect((await client.call("POST", "/payments/details", { redirectResult: "rr_madeupmadeup" })).status).toBe(400);
      const redirectResult = adyen.completeRedirect(psp, true);
      const details = await client.call("POST", "/payments/details", { redirectResult });
      expect(await details.json()).toMatchObject({ resultCode: "Authorised" });
      expect((await orderState(order.OrderId)).status).toBe("Paid");
      // The notification arrives after, twice: still one order paid, one mail.
      const held = adyen.held.splice(0);
      await adyen.deliver(held);
      await adyen.deliver(held);
      expect(await mailsAbout(order.OrderNumber)).toHaveLength(1);
    } finally {
      adyen.state.hold = false;
    }
  });

  it("offers Bancontact in Belgium and iDEAL in the Netherlands only, and pays with each through its redirect", async () => {
    const wrong = await providerOrder(apiClient(), { method: "ideal", country: "BE", skip: 2 });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({
      Code: "PaymentMethodUnavailable",
      Errors: { PaymentMethod: [expect.any(String)] },
    });
    for (const [method, country, type] of [
      ["bancontact", "BE", "bcmc"],
      ["ideal", "NL", "ideal"],
    ] as const) {
      const { client, order } = await placed({ method, country, skip: 3 });
      const started = await session(client, order.OrderNumber);
      expect(adyen.requests.findLast((r) => r.path === "/v71/sessions")?.body).toMatchObject({
        allowedPaymentMethods: [type],
        countryCode: country,
      });
      const answer = (await adyen.submit(started.id, type, "")).body as { action: { url: string } };
      const psp = new URL(answer.action.url).searchParams.get("psp") as string;
      const redirectResult = adyen.completeRedirect(psp, true);
      await client.call("POST", "/payments/details", { redirectResult });
      // The notification Adyen sends at the redirect's end may be the one that paid it: its mail follows it.
      await adyen.idle();
      expect((await orderState(order.OrderId)).status).toBe("Paid");
      expect((await paymentsOf(order.OrderId))[0]?.method).toBe(method);
      expect(await mailsAbout(order.OrderNumber)).toHaveLength(1);
    }
  });

  it("offers cards alone while Adyen's list of methods does not answer, without asking again at every checkout", async () => {
    forgetAdyenMethodsForTests();
    adyen.state.failures.push(503);
    const asked = () => adyen.requests.filter((r) => r.path === "/v71/paymentMethods").length;
    const before = asked();
    expect(await adyenProvider.methods("BE", 2500, "fr")).toEqual(["card"]);
    expect(await adyenProvider.methods("BE", 2600, "fr")).toEqual(["card"]);
    expect(asked()).toBe(before + 1);
    forgetAdyenMethodsForTests();
    expect(await adyenProvider.methods("BE", 2500, "fr")).toEqual(["card", "bancontact"]);
    expect(await adyenProvider.methods("NL", 2500, "nl")).toEqual(["card", "ideal"]);
  });

  it("keeps the order awaiting payment after a refused card or an abandoned redirect; the shopper may pay again", async () => {
    const { client, order } = await placed({ skip: 4 });
    const first = await session(client, order.OrderNumber);
    expect((await adyen.submit(first.id, "scheme", CARDS.refused)).body).toMatchObject({ resultCode: "Refused" });
    expect((await orderState(order.OrderId)).status).toBe("AwaitingPayment");
    const second = await session(client, order.OrderNumber);
    await adyen.submit(second.id, "scheme", CARDS.challenge); // abandoned at the bank's page
    expect((await orderState(order.OrderId)).status).toBe("AwaitingPayment");
    expect((await paymentsOf(order.OrderId)).map((p) => p.status)).toEqual(["Refused", "Pending"]);
    const third = await session(client, order.OrderNumber);
    await adyen.submit(third.id, "scheme", CARDS.success);
    expect((await orderState(order.OrderId)).status).toBe("Paid");
  });

  it("applies notifications once whatever their order and repetition, refuses a forged one and accepts the previous key", async () => {
    const { client, order } = await placed({ skip: 5 });
    const started = await session(client, order.OrderNumber);
    const [payment] = await paymentsOf(order.OrderId);
    const amount = { value: payment?.amount as number, currency: "EUR" };
    const success = adyen.item({
      eventCode: "AUTHORISATION",
      pspReference: "PSPORDER0000001",
      merchantReference: payment?.id as string,
      amount,
      eventDate: "2026-11-26T10:00:05Z",
    });
    const failure = adyen.item({
      eventCode: "AUTHORISATION",
      success: "false",
      pspReference: "PSPORDER0000000",
      merchantReference: payment?.id as string,
      amount,
      eventDate: "2026-11-26T10:00:00Z",
    });
    const before = await db().selectFrom("payment_notifications").select("id").execute();
    adyen.state.signKey = "00".repeat(32);
    expect(await adyen.deliver([adyen.item({ ...success, pspReference: "PSPFORGED" })])).toBe(401);
    expect(await db().selectFrom("payment_notifications").select("id").execute()).toHaveLength(before.length);
    adyen.state.signKey = HMAC;
    // A CAPTURE before its AUTHORISATION, the success twice at once, the older failure last.
    const capture = adyen.item({
      eventCode: "CAPTURE",
      pspReference: "PSPCAPTURE00001",
      originalReference: "PSPORDER0000001",
      merchantReference: payment?.id as string,
      amount,
    });
    expect(await adyen.deliver([capture])).toBe(200);
    expect(await Promise.all([adyen.deliver([success]), adyen.deliver([success])])).toEqual([200, 200]);
    expect(await adyen.deliver([failure])).toBe(200);
    expect((await orderState(order.OrderId)).status).toBe("Paid");
    expect((await paymentsOf(order.OrderId))[0]?.status).toBe("Authorised");
    expect(await mailsAbout(order.OrderNumber)).toHaveLength(1);
    // Signed with the previous key during a rotation: accepted.
    adyen.state.signKey = OLD_HMAC;
    const late = adyen.item({
      eventCode: "CAPTURE",
      pspReference: "PSPCAPTURE00002",
      originalReference: "PSPORDER0000001",
      merchantReference: payment?.id as string,
      amount,
    });
    expect(await adyen.deliver([late])).toBe(200);
    adyen.state.signKey = HMAC;
    expect(started.id).toMatch(/^CS/);
  });

  it("refunds in part through Adyen: parallel refunds never pass what was captured; REFUND mails the shopper, REFUND_FAILED the shop", async () => {
    const { client, order } = await placed({ skip: 6, quantity: 2 });
    const started = await session(client, order.OrderNumber);
    await adyen.submit(started.id, "scheme", CARDS.success);
    const [payment] = await paymentsOf(order.OrderId);
    const captured = payment?.captured as number;
    const third = Math.floor(captured / 3) + 1;
    const results = await Promise.allSettled(
      [1, 2, 3].map((n) => refundPayment(payment?.id as string, third, `test-refund-${payment?.id}-${n}`, null)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(
      ["RefundExceedsCaptured"],
    );
    const after = (await paymentsOf(order.OrderId))[0];
    expect(after?.refunded).toBe(2 * third);
    const refunds = await db()
      .selectFrom("payment_refunds")
      .selectAll()
      .where("payment_id", "=", payment?.id as string)
      .execute();
    expect(refunds.map((r) => r.status)).toEqual(["Refunded", "Refunded"]);
    const request = adyen.requests.findLast((r) => r.path.endsWith("/refunds"));
    expect(request?.headers["idempotency-key"]).toMatch(/^test-refund-/);
    expect(request?.body).toMatchObject({ merchantAccount: "VitrineECOM", amount: { value: third, currency: "EUR" } });
    const shopperMails = (await mailsAbout(order.OrderNumber)).filter((m) => m.subject.includes("Remboursement"));
    expect(shopperMails).toHaveLength(2);
    // The same key again is the same refund: nothing more is given back.
    const again = await refundPayment(payment?.id as string, third, `test-refund-${payment?.id}-1`, null).catch(() =>
      refundPayment(payment?.id as string, third, `test-refund-${payment?.id}-2`, null),
    );
    expect(again.status).toBe("Refunded");
    expect((await paymentsOf(order.OrderId))[0]?.refunded).toBe(2 * third);
    // A refund the provider fails: what it took is given back, the shop is told.
    adyen.state.hold = true;
    const rest = captured - 2 * third;
    const pending = await refundPayment(payment?.id as string, rest, `test-refund-${payment?.id}-rest`, null);
    expect(pending.status).toBe("Pending");
    const [refundItem] = adyen.held.splice(0);
    adyen.state.hold = false;
    await adyen.deliver([adyen.item({ ...(refundItem as NotificationItem), eventCode: "REFUND_FAILED" })]);
    expect((await paymentsOf(order.OrderId))[0]?.refunded).toBe(2 * third);
    expect(await mailsAbout(order.OrderNumber, "shop@vitrine.test")).toHaveLength(1);
  });

  it("takes a success that comes after the order was released when its units are still there, and refunds it at once when they are gone", async () => {
    for (const gone of [false, true]) {
      const { client, order } = await placed({ skip: 9 + Number(gone) });
      const started = await session(client, order.OrderNumber);
      adyen.state.hold = true;
      await adyen.submit(started.id, "scheme", CARDS.success);
      adyen.state.hold = false;
      const soon = new Date(Date.now() + 1000);
      expect(await releaseUnpaidOrders(soon)).toBeGreaterThanOrEqual(1);
      expect((await orderState(order.OrderId)).status).toBe("Cancelled");
      if (gone) {
        const line = await db()
          .selectFrom("order_lines")
          .select("variant_id")
          .where("order_id", "=", order.OrderId)
          .executeTakeFirstOrThrow();
        await db().updateTable("stock").set({ quantity: 0 }).where("variant_id", "=", line.variant_id).execute();
      }
      await adyen.deliver(adyen.held.splice(0));
      const [payment] = await paymentsOf(order.OrderId);
      const refunds = await db()
        .selectFrom("payment_refunds")
        .selectAll()
        .where("payment_id", "=", payment?.id as string)
        .execute();
      if (gone) {
        expect((await orderState(order.OrderId)).status).toBe("Cancelled");
        expect(refunds).toEqual([
          expect.objectContaining({
            amount: payment?.amount,
            status: "Refunded",
            idempotency_key: `late-${payment?.id}`,
          }),
        ]);
      } else {
        expect((await orderState(order.OrderId)).status).toBe("Paid");
        expect(refunds).toEqual([]);
      }
    }
  });

  it("cancels an authorisation through Adyen with an idempotency key; the CANCELLATION is recorded once", async () => {
    const { client, order } = await placed({ skip: 11 });
    const started = await session(client, order.OrderNumber);
    await adyen.submit(started.id, "scheme", CARDS.success);
    const [payment] = await paymentsOf(order.OrderId);
    const target = { id: payment?.id as string, pspReference: payment?.psp_reference as string };
    await adyenProvider.cancel(target, `cancel-${target.id}`);
    await adyenProvider.cancel(target, `cancel-${target.id}`);
    const calls = adyen.requests.filter((r) => r.path === `/v71/payments/${target.pspReference}/cancels`);
    expect(calls.map((c) => c.headers["idempotency-key"])).toEqual([`cancel-${target.id}`, `cancel-${target.id}`]);
    expect(calls[0]?.body).toMatchObject({ merchantAccount: "VitrineECOM", reference: target.id });
    const events = await db()
      .selectFrom("payment_events")
      .select("event_code")
      .where("payment_id", "=", target.id)
      .execute();
    expect(events.map((e) => e.event_code).sort()).toEqual(["AUTHORISATION", "CANCELLATION"]);
  });

  it("marks a chargeback on the order once and tells the shop", async () => {
    const { client, order } = await placed({ skip: 7 });
    const started = await session(client, order.OrderNumber);
    await adyen.submit(started.id, "scheme", CARDS.success);
    const [payment] = await paymentsOf(order.OrderId);
    const chargeback = adyen.item({
      eventCode: "CHARGEBACK",
      pspReference: "PSPCHARGEBACK01",
      originalReference: payment?.psp_reference as string,
      merchantReference: payment?.id as string,
      amount: { value: payment?.amount as number, currency: "EUR" },
      reason: "Fraudulent transaction",
    });
    await adyen.deliver([chargeback]);
    await adyen.deliver([chargeback]);
    expect((await orderState(order.OrderId)).chargeback_at).not.toBeNull();
    const shop = await mailsAbout(order.OrderNumber, "shop@vitrine.test");
    expect(shop).toHaveLength(1);
    expect(shop[0]?.body).toContain("Fraudulent transaction");
  });

  it("keeps the order when Adyen is down or slow at the payment: a clear message in the shopper's language, then a retry that works", async () => {
    const { client, order } = await placed({ skip: 8 });
    adyen.state.failures.push(503);
    const down = await client.call("POST", "/payments/sessions?culture=nl", { OrderNumber: order.OrderNumber });
    expect(down.status).toBe(503);
    const body = await down.json();
    expect(body.Code).toBe("PaymentUnavailable");
    expect(body.Message).not.toMatch(/Simulated|905/);
    adyen.state.delayMs = 800;
    try {
      expect((await client.call("POST", "/payments/sessions", { OrderNumber: order.OrderNumber })).status).toBe(503);
    } finally {
      adyen.state.delayMs = 0;
    }
    expect((await orderState(order.OrderId)).status).toBe("AwaitingPayment");
    const started = await session(client, order.OrderNumber);
    await adyen.submit(started.id, "scheme", CARDS.success);
    expect((await orderState(order.OrderId)).status).toBe("Paid");
  });
});
