import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { forgetAdyenMethodsForTests } from "../../src/features/payment/adyen.server";
import { forgetMollieMethodsForTests } from "../../src/features/payment/mollie.server";
import { resetEnvForTests } from "../../src/server/config/env";
import { db } from "../../src/server/db/client";
import type { apiClient } from "./api";
import { billingAddress, simpleVariant } from "./checkout";

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
