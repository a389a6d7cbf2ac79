import { describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import { apiClient } from "../../../tests/support/api";
import { simpleVariant } from "../../../tests/support/checkout";
import { DIALECTS, useTestDatabase } from "../../../tests/support/db";
import type { ShopperSummary } from "./shopper";

async function signedIn(email: string, password: string, ip: string) {
  const client = apiClient(ip);
  expect((await client.call("POST", "/security/login", { Email: email, Password: password })).status).toBe(200);
  return client;
}

async function summaryOf(client: ReturnType<typeof apiClient>, culture = "fr"): Promise<ShopperSummary> {
  const response = await client.call("GET", "/me/summary", undefined, { "Accept-Language": culture });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return (await response.json()) as ShopperSummary;
}

async function wishedBy(email: string): Promise<number[]> {
  const rows = await db()
    .selectFrom("wishlist_items as i")
    .innerJoin("wishlists as w", "w.id", "i.wishlist_id")
    .innerJoin("customers as c", "c.id", "w.customer_id")
    .select("i.variant_id")
    .distinct()
    .where("c.email", "=", email)
    .execute();
  return rows.map((row) => row.variant_id).sort((a, b) => a - b);
}

describe.each(DIALECTS)("a shopper's own parts of a shared page on %s (decision 062)", (dialect) => {
  useTestDatabase(dialect, { products: 12 });

  it("answers a visitor without a session with nothing of anyone's, and opens no session", async () => {
    const visitor = apiClient("198.51.100.91");
    const summary = await summaryOf(visitor);
    expect(summary).toEqual({
      Customer: null,
      Cart: { ItemsCount: 0, AmountTaxInclHtml: "0,00\u00a0€", AmountTaxExclHtml: "0,00\u00a0€" },
      Wishlist: { Count: 0, VariantIds: [] },
      Country: "BE",
    });
    expect(visitor.cookie).toBe("");
  });

  it("gives each signed-in customer her own name, cart, wishlist and account kind, never the other's", async () => {
    const marie = await signedIn("marie@vitrine.test", "Vitrine-demo-1", "198.51.100.92");
    const jan = await signedIn("jan@vitrine.test", "Vitrine-demo-2", "198.51.100.93");
    const variant = await simpleVariant(2);
    expect(
      (await jan.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 2 })).status,
    ).toBe(200);
    const [her, his] = await Promise.all([summaryOf(marie), summaryOf(jan, "nl")]);
    expect(her.Customer).toEqual({ FirstName: "Marie", IsBusiness: false, HasBirthLists: true });
    expect(his.Customer).toEqual({ FirstName: "Jan", IsBusiness: true, HasBirthLists: false });
    expect(his.Cart.ItemsCount).toBe(2);
    expect(her.Cart.ItemsCount).toBe(0);
    expect([...her.Wishlist.VariantIds].sort((a, b) => a - b)).toEqual(await wishedBy("marie@vitrine.test"));
    expect(her.Wishlist.VariantIds.length).toBeGreaterThan(0);
    expect([...his.Wishlist.VariantIds].sort((a, b) => a - b)).toEqual(await wishedBy("jan@vitrine.test"));
    expect(her.Wishlist.Count).toBeGreaterThan(0);
    // Jan's cart is priced for a business in his language's format; hers says nothing of it.
    expect(JSON.stringify(her)).not.toContain(his.Cart.AmountTaxInclHtml);
  });

  it("mirrors the chosen country in its own cookie, and a forged one changes no price", async () => {
    const shopper = apiClient("198.51.100.94");
    const variant = await simpleVariant(1);
    await shopper.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 });
    const chosen = await shopper.call("PUT", "/salestaxes/currentcountry", { currentCountry: "FR" });
    expect(chosen.headers.getSetCookie().find((c) => c.startsWith("vitrine_country="))).toMatch(
      /^vitrine_country=FR; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax/,
    );
    expect(shopper.cookie).toMatch(/vitrine_sid=.+; vitrine_country=FR$/);
    expect((await summaryOf(shopper)).Country).toBe("FR");
    // Sent once: the next answers leave the cookie as it is.
    expect((await shopper.call("GET", "/me/summary")).headers.getSetCookie()).toEqual([]);
    const forged = apiClient("198.51.100.95");
    forged.cookie = "vitrine_country=<script>";
    expect((await summaryOf(forged)).Country).toBe("BE");
  });
});
