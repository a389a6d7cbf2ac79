import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { db } from "../../src/server/db/client";
import type { apiClient } from "./api";
import { billingAddress, simpleVariant } from "./checkout";
import { authorisation, postWebhook } from "./payment";

type Client = ReturnType<typeof apiClient>;

/** Places the order of the client's cart (card payment; extra fields for the checkout; errors in `culture`). */
export async function placeOrder(client: Client, extra: Record<string, unknown> = {}, culture?: string) {
  const body = { IdempotencyKey: randomBytes(12).toString("hex"), Billing: await billingAddress(), AcceptTerms: true };
  return client.call("POST", "/sales/orders", { ...body, ...extra }, culture ? { "X-Culture": culture } : {});
}

/** Pays an order as the provider would: a payment session, then its signed webhook (`times` at once). */
export async function payByWebhook(client: Client, orderNumber: string, times = 1) {
  const { id } = (await (await client.call("POST", "/payments/sessions", { OrderNumber: orderNumber })).json()) as {
    id: string;
  };
  const { amount } = await db().selectFrom("payments").select("amount").where("id", "=", id).executeTakeFirstOrThrow();
  // The provider's reference is unique per payment: a repeated one is a repeated notification.
  const item = authorisation(id, amount, { psp: `PSP-${id}` });
  const responses = await Promise.all(Array.from({ length: times }, () => postWebhook([item])));
  for (const r of responses) expect(r.status).toBe(200);
  return { id, amount };
}

/** A paid order of the signed-in client: `quantities` units of distinct simple variants. */
export async function paidOrder(client: Client, quantities: number[]) {
  for (const [i, quantity] of quantities.entries()) {
    const variant = await simpleVariant(quantity + 1, i);
    expect(
      (await client.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: quantity }))
        .status,
    ).toBe(200);
  }
  const placed = (await (await placeOrder(client)).json()) as { OrderNumber: string; OrderId: number };
  await payByWebhook(client, placed.OrderNumber);
  const lines = await db()
    .selectFrom("order_lines")
    .selectAll()
    .where("order_id", "=", placed.OrderId)
    .orderBy("id")
    .execute();
  return { number: placed.OrderNumber, id: placed.OrderId, lines };
}
