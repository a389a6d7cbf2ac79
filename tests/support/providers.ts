import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { forgetAdyenMethodsForTests } from "../../src/features/payment/adyen.server";
import { forgetMollieMethodsForTests } from "../../src/features/payment/mollie.server";
import { notificationsSettled } from "../../src/features/payment/notifications.server";
import { resetEnvForTests } from "../../src/server/config/env";
import { db } from "../../src/server/db/client";
import { apiClient } from "./api";
import { billingAddress, simpleVariant } from "./checkout";
import { startFakeAdyen } from "./fake-adyen";
import { startFakeMollie } from "./fake-mollie";

type Client = ReturnType<typeof apiClient>;

/** Sets settings for the tests of one file; the returned function puts the previous ones back. */
export function withSettings(settings: Record<string, string>): () => void {
  const previous = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  Object.assign(process.env, settings);
  resetEnvForTests();
  forgetAdyenMethodsForTests();
  forgetMollieMethodsForTests();
  return () => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvForTests();
  };
}

/** An order awaiting payment, placed by a new shopper of `country` with `method`; `skip` picks another variant. */
export async function providerOrder(
  client: Client,
  options: { method?: string; country?: string; skip?: number; quantity?: number; email?: string } = {},
) {
  const country = options.country ?? "BE";
  if (country !== "BE")
    expect(
      (await client.call("PUT", "/salestaxes/currentcountry", { currentCountry: country.toLowerCase() })).status,
    ).toBe(200);
  const variant = await simpleVariant(3, options.skip ?? 0);
  const quantity = options.quantity ?? 1;
  expect(
    (await client.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: quantity }))
      .status,
  ).toBe(200);
  const response = await client.call("POST", "/sales/orders", {
    IdempotencyKey: randomBytes(12).toString("hex"),
    Email: options.email ?? `payer-${randomBytes(4).toString("hex")}@example.test`,
    Billing: await billingAddress(country),
    AcceptTerms: true,
    PaymentMethod: options.method ?? "card",
  });
  return response;
}

export async function orderState(orderId: number) {
  return db()
    .selectFrom("orders")
    .select(["status", "chargeback_at", "total_tax_incl", "email", "number"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
}

export async function paymentsOf(orderId: number) {
  return db().selectFrom("payments").selectAll().where("order_id", "=", orderId).orderBy("created_at").execute();
}

/** Mails about an order (its number in the subject or body), to `to` when given. */
export async function mailsAbout(number: string, to?: string) {
  const rows = await db().selectFrom("mail_outbox").selectAll().execute();
  return rows.filter(
    (mail) => (mail.subject.includes(number) || mail.body.includes(number)) && (!to || mail.to_address === to),
  );
}

/**
 * The shop with Adyen as its provider, Adyen being the local fake: notifications are posted to the
 * in-process app from outside (no Origin of ours, no session), as Adyen's servers post them.
 */
export async function withFakeAdyen(hmacKey: string, settings: Record<string, string> = {}) {
  const poster = apiClient("198.51.100.9");
  const adyen = await startFakeAdyen({
    apiKey: "AQE_test_api_key",
    merchantAccount: "VitrineECOM",
    hmacKey,
    webhook: async (body) => {
      const answer = await poster.app.request("http://adyen.example/api/v1/payments/webhooks", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      // The answer does not wait for the processing past two seconds (a slow machine): the tests do.
      await notificationsSettled();
      return answer.status;
    },
  });
  const restore = withSettings({
    PAYMENT_PROVIDER: "adyen",
    ADYEN_API_KEY: "AQE_test_api_key",
    ADYEN_MERCHANT_ACCOUNT: "VitrineECOM",
    ADYEN_CLIENT_KEY: "test_FAKECLIENTKEY0001",
    ADYEN_HMAC_KEY: hmacKey,
    ADYEN_CHECKOUT_URL: adyen.url,
    ADYEN_SDK_URL: adyen.sdkUrl,
    ...settings,
  });
  return {
    adyen,
    close: async () => {
      restore();
      await adyen.close();
    },
  };
}

/** The shop with Mollie as its provider, Mollie being the local fake; its webhook calls (and answers) are kept. */
export async function withFakeMollie(settings: Record<string, string> = {}) {
  const poster = apiClient("198.51.100.10");
  const hooks: { url: string; status: number }[] = [];
  const mollie = await startFakeMollie({
    apiKey: "test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM",
    // Mollie posts `id=tr_…` from its own servers.
    webhook: async (url, id) => {
      const status = (
        await poster.app.request(url.replace("http://localhost:4321", "http://mollie.example"), {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ id }).toString(),
        })
      ).status;
      await notificationsSettled();
      hooks.push({ url, status });
      return status;
    },
  });
  const restore = withSettings({
    PAYMENT_PROVIDER: "mollie",
    MOLLIE_API_KEY: "test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM",
    MOLLIE_API_URL: mollie.url,
    ...settings,
  });
  return {
    mollie,
    hooks,
    poster,
    close: async () => {
      restore();
      await mollie.close();
    },
  };
}
