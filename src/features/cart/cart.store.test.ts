import { cleanStores } from "nanostores";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AddToCartResult, CartSummary } from "./cart";
import { $cart, addToCart } from "./cart.store";

/** The browser as far as the store touches it: a document to raise events on, the dataLayer, fetch. */
function fakeBrowser() {
  const document = Object.assign(new EventTarget(), { documentElement: { lang: "fr" } });
  const window = { dataLayer: [] as unknown[], location: { pathname: "/fr/", search: "" } };
  vi.stubGlobal("document", document);
  vi.stubGlobal("window", window);
  return { document, window };
}

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));

const summary: CartSummary = {
  ItemsCount: 3,
  AmountTaxInclHtml: "29,70 €",
  AmountTaxExclHtml: "24,55 €",
} as CartSummary;

describe("$cart and addToCart", () => {
  beforeEach(() => {
    $cart.set(null);
  });
  afterEach(() => {
    cleanStores($cart);
    vi.unstubAllGlobals();
  });

  it("publishes the new summary to $cart and cart:changed, and tells GA4", async () => {
    const { document, window } = fakeBrowser();
    const result = {
      Cart: summary,
      Message: "Ajouté",
      ProductVariantId: 12,
      Quantity: 2,
      Item: { item_id: "SKU-12", item_name: "Robe", price: 14.85, quantity: 2 },
    } as unknown as AddToCartResult;
    const fetch = answer(200, result);
    vi.stubGlobal("fetch", fetch);
    const heard: CartSummary[] = [];
    document.addEventListener("cart:changed", (event) => heard.push((event as CustomEvent<CartSummary>).detail));

    const outcome = await addToCart({ ProductVariantId: 12, Quantity: 2 });

    expect(outcome).toEqual({ ok: true, result });
    expect($cart.get()).toEqual(summary);
    expect(heard).toEqual([summary]);
    expect(fetch).toHaveBeenCalledWith(
      "/api/v1/catalog/products/addtocart",
      expect.objectContaining({ method: "POST" }),
    );
    expect(window.dataLayer).toContainEqual(
      expect.objectContaining({ event: "add_to_cart", ecommerce: expect.objectContaining({ value: 29.7 }) }),
    );
  });

  it("gives back the refusal's message in the shopper's language and leaves $cart as it was", async () => {
    const { document } = fakeBrowser();
    vi.stubGlobal(
      "fetch",
      answer(422, {
        Code: "QuantityRuleBroken",
        Message: "Quantité invalide.",
        Errors: { Quantity: ["Commandez par 3 : 6 ?"] },
      }),
    );
    let events = 0;
    document.addEventListener("cart:changed", () => events++);

    const outcome = await addToCart({ ProductVariantId: 12, Quantity: 5 });

    expect(outcome).toEqual({ ok: false, message: "Commandez par 3 : 6 ?" });
    expect($cart.get()).toBeNull();
    expect(events).toBe(0);
  });
});
