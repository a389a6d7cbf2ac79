import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvForTests } from "~/server/config/env";
import { ApiError } from "~/server/http/errors";
import type { NotificationItem } from "./payment";
import { paymentProvider } from "./provider.server";
import { readChallenge, sandboxAuthorise } from "./sandbox.server";
import { signNotification } from "./webhook-signature.server";

afterEach(() => {
  delete process.env.PAYMENT_PROVIDER;
  resetEnvForTests();
});

describe("the payment provider", () => {
  it("is the sandbox in the demo shop: its session authorises its test cards and its redirects return to the shopper's page", async () => {
    process.env.PAYMENT_PROVIDER = "sandbox";
    resetEnvForTests();
    const provider = paymentProvider();
    expect(provider.name).toBe("sandbox");
    expect(await provider.methods("BE", 2596, "fr")).toEqual(["card"]);
    const started = await provider.createPayment({
      paymentId: "pay-test-0001",
      amount: 2596,
      currency: "EUR",
      orderNumber: "VT-0123456789",
      culture: "nl",
      countryCode: "NL",
      returnUrl: "http://localhost:4321/nl/sales/order/VT-0123456789/return",
      webhookUrl: "http://localhost:4321/api/v1/payments/webhooks/sandbox",
      method: "card",
      shopperEmail: "anne@example.test",
      lines: [],
    });
    if (started.kind !== "dropin") throw new Error("the sandbox is a drop-in");
    const session = started.session;
    expect(session).toMatchObject({ id: "pay-test-0001", environment: "test" });
    const result = await sandboxAuthorise(
      {
        sessionId: session.id,
        sessionData: session.sessionData,
        holderName: "Anne Martin",
        number: "4000000000003220",
        expiry: "12/30",
        cvc: "737",
      } as never,
      { returnUrl: "/nl/sales/order/VT-0123456789/return", challengeUrl: (token) => `/challenge?token=${token}` },
      async () => {},
    );
    expect(result?.resultCode).toBe("ChallengeShopper");
    const token = new URL(result?.action?.url ?? "", "http://x").searchParams.get("token") as string;
    expect(readChallenge(token)).toMatchObject({ paymentId: "pay-test-0001", amount: 2596 });
    // Its own notifications are authentic; one changed on the way is not; a redirect result it never
    // issued has no outcome.
    const item: NotificationItem = {
      eventCode: "AUTHORISATION",
      success: "true",
      pspReference: "SBX0001",
      merchantAccountCode: "VitrineSandbox",
      merchantReference: "pay-test-0001",
      amount: { value: 2596, currency: "EUR" },
      eventDate: new Date().toISOString(),
    };
    item.additionalData = { hmacSignature: signNotification(item, env().PAYMENT_HMAC_KEY) };
    const body = (i: NotificationItem) => ({ live: "false", notificationItems: [{ NotificationRequestItem: i }] });
    expect(await provider.eventsOf(provider.acceptWebhook(body(item)))).toEqual([
      expect.objectContaining({
        eventCode: "AUTHORISATION",
        success: true,
        merchantReference: "pay-test-0001",
        amount: 2596,
      }),
    ]);
    expect(() => provider.acceptWebhook(body({ ...item, amount: { value: 1, currency: "EUR" } }))).toThrow(ApiError);
    expect(await provider.completeRedirect({ redirectResult: "not-a-result" }, async () => {})).toBeNull();
  });

  it("is none on a public site until one is set: paying is refused, nothing is started", () => {
    process.env.PAYMENT_PROVIDER = "none";
    resetEnvForTests();
    expect(() => paymentProvider()).toThrow(ApiError);
    try {
      paymentProvider();
    } catch (error) {
      expect((error as ApiError).status).toBe(503);
    }
  });
});
