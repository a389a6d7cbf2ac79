import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import { metricsText } from "~/server/observability/metrics";
import { apiClient } from "../../../tests/support/api";
import { billingAddress, simpleVariant } from "../../../tests/support/checkout";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { authorisation, postWebhook } from "../../../tests/support/payment";
import { acceptsTransition, expiryValid, luhnValid, SANDBOX_CARDS } from "./payment";
import { completeChallenge, readChallenge } from "./sandbox.server";

describe("card rules", () => {
  it("checks Luhn, expiry and the state machine", () => {
    expect(luhnValid(SANDBOX_CARDS.success)).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
    const now = new Date(Date.UTC(2026, 10, 22));
    expect(expiryValid("11/26", now)).toBe(true);
    expect(expiryValid("10/26", now)).toBe(false);
    expect(expiryValid("13/30", now)).toBe(false);
    expect(acceptsTransition({ status: "Authorised", eventDate: "2" }, { status: "Refused", eventDate: "3" })).toBe(
      false,
    );
    expect(acceptsTransition({ status: "Refused", eventDate: "2" }, { status: "Authorised", eventDate: "1" })).toBe(
      true,
    );
    expect(acceptsTransition({ status: "Pending", eventDate: "3" }, { status: "Refused", eventDate: "2" })).toBe(false);
  });
});

describe.each(DIALECTS)("payment on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 40 });
  });
  afterAll(async () => {
    await database.close();
  });

  async function orderAwaitingPayment(skip = 0) {
    const client = apiClient();
    const variant = await simpleVariant(2, skip);
    await client.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 });
    const placed = await (
      await client.call("POST", "/sales/orders", {
        IdempotencyKey: randomBytes(12).toString("hex"),
        Email: "payer@example.test",
        Billing: await billingAddress(),
        AcceptTerms: true,
      })
    ).json();
    const session = await (await client.call("POST", "/payments/sessions", { OrderNumber: placed.OrderNumber })).json();
    return { client, placed, session };
  }

  const card = (session: { id: string; sessionData: string }, number: string, extra: Record<string, string> = {}) => ({
    sessionId: session.id,
    sessionData: session.sessionData,
    holderName: "Anne Martin",
    number,
    expiry: "12/39",
    cvc: "737",
    street: "Rue Haute 10",
    postalCode: "1000",
    city: "Bruxelles",
    country: "BE",
    ...extra,
  });

  const orderStatus = async (id: number) =>
    (await db().selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

  it("pays with the success card: the webhook marks the order paid and queues one confirmation mail", async () => {
    const counted = async () => {
      const text = await metricsText();
      const value = (pattern: RegExp) => Number(text.match(pattern)?.[1] ?? 0);
      return {
        placed: value(/^vitrine_orders_placed_total (\d+)/m),
        authorised: value(/^vitrine_payments_total\{result="authorised"\} (\d+)/m),
      };
    };
    const before = await counted();
    const { client, placed, session } = await orderAwaitingPayment();
    expect(session).toMatchObject({
      id: expect.any(String),
      clientKey: expect.stringMatching(/^test_/),
      environment: "test",
    });
    const response = await client.call("POST", "/payments/sandbox/authorise", {
      ...card(session, "4111 1111 1111 1111"),
      OrderNumber: placed.OrderNumber,
    });
    expect((await response.json()).resultCode).toBe("Authorised");
    expect(await orderStatus(placed.OrderId)).toBe("Paid");
    // The metrics count the order and its payment.
    expect(await counted()).toEqual({ placed: before.placed + 1, authorised: before.authorised + 1 });
    // This order's confirmation: other tests may have mailed the same payer.
    const mails = (
      await db().selectFrom("mail_outbox").selectAll().where("to_address", "=", "payer@example.test").execute()
    ).filter((mail) => mail.body.includes(placed.OrderNumber));
    expect(mails).toHaveLength(1);
    // Paid: no second payment.
    expect((await client.call("POST", "/payments/sessions", { OrderNumber: placed.OrderNumber })).status).toBe(409);
  });

  it("resumes the payment it started when the page loads again; a refused or older one gives way to a new one", async () => {
    const { client, placed, session } = await orderAwaitingPayment(5);
    const again = async () =>
      (await (await client.call("POST", "/payments/sessions", { OrderNumber: placed.OrderNumber })).json()) as {
        id: string;
        sessionData: string;
      };
    const payments = () =>
      db().selectFrom("payments").select(["id", "status"]).where("order_id", "=", placed.OrderId).execute();
    expect(await again()).toMatchObject({ id: session.id, sessionData: session.sessionData });
    expect(await payments()).toHaveLength(1);
    // Refused: the next load starts another payment, which a card then pays.
    await client.call("POST", "/payments/sandbox/authorise", {
      ...card(session, SANDBOX_CARDS.refused),
      OrderNumber: placed.OrderNumber,
    });
    const second = await again();
    expect(second.id).not.toBe(session.id);
    // Started more than ten minutes ago: a new one too (a provider's session or page may have expired).
    await db()
      .updateTable("payments")
      .set({ created_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where("id", "=", second.id)
      .execute();
    const third = await again();
    expect(third.id).not.toBe(second.id);
    expect((await payments()).map((p) => p.status).sort()).toEqual(["Pending", "Pending", "Refused"]);
    const paid = await client.call("POST", "/payments/sandbox/authorise", {
      ...card(third, SANDBOX_CARDS.success),
      OrderNumber: placed.OrderNumber,
    });
    expect((await paid.json()).resultCode).toBe("Authorised");
    expect(await orderStatus(placed.OrderId)).toBe("Paid");
  });

  it("refuses the refusal card and bad card fields; the order still awaits payment", async () => {
    const { client, placed, session } = await orderAwaitingPayment(1);
    const refused = await client.call("POST", "/payments/sandbox/authorise", {
      ...card(session, SANDBOX_CARDS.refused),
      OrderNumber: placed.OrderNumber,
    });
    expect((await refused.json()).resultCode).toBe("Refused");
    expect(await orderStatus(placed.OrderId)).toBe("AwaitingPayment");
    const bad = await client.call("POST", "/payments/sandbox/authorise", {
      ...card(session, "4111111111111112", { expiry: "01/20", cvc: "12345" }),
      OrderNumber: placed.OrderNumber,
    });
    expect(bad.status).toBe(400);
    const noHolder = await client.call("POST", "/payments/sandbox/authorise", {
      ...card(session, SANDBOX_CARDS.success, { holderName: "", street: "" }),
      OrderNumber: placed.OrderNumber,
    });
    expect(Object.keys((await noHolder.json()).Errors)).toEqual(expect.arrayContaining(["holderName", "street"]));
  });

  it("sends the challenge card through the challenge page and back with redirectResult", async () => {
    const { client, placed, session } = await orderAwaitingPayment(2);
    const challenge = await (
      await client.call("POST", "/payments/sandbox/authorise", {
        ...card(session, SANDBOX_CARDS.challenge),
        OrderNumber: placed.OrderNumber,
      })
    ).json();
    expect(challenge.resultCode).toBe("ChallengeShopper");
    const token = new URL(challenge.action.url, "http://x").searchParams.get("token") as string;
    expect(readChallenge(token)?.returnUrl).toBe(`/fr/sales/order/${placed.OrderNumber}/return`);
    expect(await orderStatus(placed.OrderId)).toBe("AwaitingPayment");
    const back = completeChallenge(token, true) as string;
    const redirectResult = new URL(back, "http://x").searchParams.get("redirectResult");
    const details = await (await client.call("POST", "/payments/details", { redirectResult })).json();
    expect(details.resultCode).toBe("Authorised");
    expect(await orderStatus(placed.OrderId)).toBe("Paid");
    expect(completeChallenge(`${token}x`, true)).toBeNull();
  });

  it("ignores duplicate and out-of-order webhooks, and refuses unsigned ones", async () => {
    const { placed, session } = await orderAwaitingPayment(3);
    const total = (
      await db()
        .selectFrom("orders")
        .select("total_tax_incl")
        .where("id", "=", placed.OrderId)
        .executeTakeFirstOrThrow()
    ).total_tax_incl;
    const item = (success: boolean, eventDate: string, psp = "PSP1") =>
      authorisation(session.id, total, { success, eventDate, psp });
    const post = postWebhook;
    const forged = { ...item(true, "2026-11-22T10:00:00Z"), additionalData: { hmacSignature: "AAAA" } };
    expect((await post([forged])).status).toBe(401);
    expect(await orderStatus(placed.OrderId)).toBe("AwaitingPayment");
    const paid = item(true, "2026-11-22T10:00:00Z");
    const response = await post([paid]);
    expect(await response.text()).toBe("[accepted]");
    await post([paid]);
    await post([item(false, "2026-11-22T09:00:00Z", "PSP0")]);
    await post([item(false, "2026-11-22T11:00:00Z", "PSP2")]);
    expect(await orderStatus(placed.OrderId)).toBe("Paid");
    const payment = await db()
      .selectFrom("payments")
      .selectAll()
      .where("id", "=", session.id)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe("Authorised");
    const events = await db().selectFrom("payment_events").select("id").where("payment_id", "=", session.id).execute();
    expect(events).toHaveLength(3);
    const mails = await db()
      .selectFrom("mail_outbox")
      .select("id")
      .where("body", "like", `%${placed.OrderNumber}%`)
      .execute();
    expect(mails).toHaveLength(1);
  });

  it("never lets a shopper pay for another's order", async () => {
    const { placed } = await orderAwaitingPayment(4);
    const stranger = apiClient();
    expect((await stranger.call("POST", "/payments/sessions", { OrderNumber: placed.OrderNumber })).status).toBe(404);
  });
});
