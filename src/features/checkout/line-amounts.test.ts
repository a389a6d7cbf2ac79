import { describe, expect, it } from "vitest";
import { formatMoney, withVat } from "~/lib/money";
import { forgetCachedData } from "~/server/cache";
import { db } from "~/server/db/client";
import { mailsTo } from "~/server/mail/outbox";
import { apiClient } from "../../../tests/support/api";
import { simpleVariant } from "../../../tests/support/checkout";
import { DIALECTS, useTestDatabase } from "../../../tests/support/db";
import { payByWebhook, placeOrder } from "../../../tests/support/orders";

/** Gives a variant one price (tax excluded) and its product a VAT class, for this test's own lines. */
async function priced(skip: number, cents: number, vatClass: "standard" | "reduced") {
  // Variants of distinct products: a product's VAT class is its variants' too.
  let variant = await simpleVariant(8, 0);
  for (let i = 0, products = new Set<number>(); ; i++) {
    variant = await simpleVariant(8, i);
    products.add(variant.productId);
    if (products.size === skip + 1 && !taken.has(variant.productId)) break;
  }
  taken.add(variant.productId);
  await db().deleteFrom("prices").where("variant_id", "=", variant.id).execute();
  await db().insertInto("prices").values({ variant_id: variant.id, min_quantity: 1, amount_tax_excl: cents }).execute();
  await db().updateTable("products").set({ vat_class: vatClass }).where("id", "=", variant.productId).execute();
  return variant;
}

const taken = new Set<number>();

describe.each(DIALECTS)("amounts a shopper reads, on %s (issue 70)", (dialect) => {
  useTestDatabase(dialect, { products: 30 });

  it("are each line's unit price tax included times its quantity, in the cart, the order and its mail", async () => {
    taken.clear();
    // 16.50 at 21 % is 19.97 (two: 39.94); 19.97 at 6 % is 21.17 (three: 63.51); 8.33 at 21 % is 10.08 (seven: 70.56).
    const lines = [
      { variant: await priced(0, 1650, "standard"), cents: 1650, quantity: 2, rate: 2100 },
      { variant: await priced(1, 1997, "reduced"), cents: 1997, quantity: 3, rate: 600 },
      { variant: await priced(2, 833, "standard"), cents: 833, quantity: 7, rate: 2100 },
    ];
    // Products are kept in memory by the process: this test changed its rows underneath.
    forgetCachedData();
    const client = apiClient("198.51.100.90");
    for (const line of lines)
      expect(
        (
          await client.call("POST", "/catalog/products/addtocart", {
            ProductVariantId: line.variant.id,
            Quantity: line.quantity,
          })
        ).status,
      ).toBe(200);
    const shown = lines.map((l) => withVat(l.cents, l.rate) * l.quantity);
    expect(shown).toEqual([3994, 6351, 7056]);
    const goods = shown.reduce((a, b) => a + b, 0);
    const cart = (await (await client.call("GET", "/shoppingcarts")).json()) as { AmountTaxInclHtml: string };
    expect(cart.AmountTaxInclHtml).toBe(formatMoney(goods, "fr"));

    const placed = (await (await placeOrder(client, { Email: "lines@example.org" }, "fr")).json()) as {
      OrderNumber: string;
      OrderId: number;
    };
    await payByWebhook(client, placed.OrderNumber);
    const order = await db()
      .selectFrom("orders")
      .select(["total_tax_incl", "shipping_tax_incl", "discount_tax_incl", "vat_amount", "items_tax_excl", "email"])
      .where("id", "=", placed.OrderId)
      .executeTakeFirstOrThrow();
    expect(order.total_tax_incl).toBe(goods + Number(order.shipping_tax_incl) - Number(order.discount_tax_incl));
    expect(order.items_tax_excl).toBe(1650 * 2 + 1997 * 3 + 833 * 7);
    const mail = (await mailsTo(order.email)).find((m) => m.subject.includes(placed.OrderNumber));
    expect(mail?.body).toContain(formatMoney(order.total_tax_incl, "fr"));
  });
});
