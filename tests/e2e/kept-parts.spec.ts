import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { expect, signIn, test } from "../support/e2e";

/**
 * Parts of pages rendered once and kept while public data keeps its version (decision 051): the
 * navigation, the footer, each product grid and each product card. A kept part must never show one
 * shopper what belongs to another page or another shopper.
 */

/** A visitor without a session (the production server keeps the parts; the page cache is not asked). */
async function stranger(baseURL: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Requested-With": "kept-parts-test" } });
}

/** The heart of the card of a variant, as the server wrote it. */
function heart(html: string, variantId: string): string {
  return new RegExp(`<a class="wishlist-heart[^>]*data-variant-id="${variantId}"[^>]*>`).exec(html)?.[0] ?? "";
}

/** The price of the card of a variant, as the server wrote it. */
function cardPrice(html: string, variantId: string): string {
  const start = html.indexOf(`data-product-variant-id="${variantId}"`);
  return /<p class="price">([\s\S]*?)<\/p>/.exec(html.slice(start))?.[1]?.replace(/<[^>]+>|\s+/g, "") ?? "";
}

test.describe("kept parts of pages", () => {
  test("navigation and footer follow each page: its current category and its language links", async ({ baseURL }) => {
    const visitor = await stranger(baseURL as string);
    for (let round = 0; round < 2; round++) {
      const clothes = await (await visitor.get("/fr/c/vetements")).text();
      const shoes = await (await visitor.get("/fr/c/chaussures")).text();
      expect(clothes).toMatch(/href="\/fr\/c\/vetements"[^>]*aria-current="page"/);
      expect(clothes).not.toMatch(/href="\/fr\/c\/chaussures"[^>]*aria-current="page"/);
      expect(shoes).toMatch(/href="\/fr\/c\/chaussures"[^>]*aria-current="page"/);
      const dutch = (html: string, id: string) =>
        new RegExp(`<div id="${id}"[\\s\\S]*?<a href="([^"]+)" hreflang="nl"`).exec(html)?.[1];
      for (const id of ["language-switch", "footer-language-switch"]) {
        expect(dutch(clothes, id)).toMatch(/^\/nl\/c\//);
        expect(dutch(shoes, id)).toMatch(/^\/nl\/c\//);
        expect(dutch(clothes, id)).not.toBe(dutch(shoes, id));
      }
    }
    await visitor.dispose();
  });

  test("a card shows each shopper's own heart, and the navigation and prices each shopper's own country", async ({
    page,
    baseURL,
    customer,
  }) => {
    const visitor = await stranger(baseURL as string);
    const path = "/fr/c/vetements?sort=name";
    const before = await (await visitor.get(path)).text();
    const variantId = /class="product-card"[^>]*data-product-variant-id="(\d+)"/.exec(before)?.[1] as string;
    expect(heart(before, variantId)).toContain('data-wished="false"');
    expect(before).toContain('<option value="BE" selected>');

    await signIn(page, customer.email, customer.password);
    // Her browser runs no script from here on: her pages are rendered for her, kept parts included
    // (with scripts she gets the shared page and her parts after load: shared-pages.spec.ts).
    await page.context().clearCookies({ name: "vitrine_js" });
    const origin = new URL(page.url()).origin;
    const added = await page.request.post("/api/v1/catalog/wishlist/addproductvariant", {
      data: { ProductVariantId: Number(variantId), Name: `Kept ${Date.now()}` },
      headers: { Origin: origin },
    });
    expect(added.status(), await added.text()).toBe(200);
    const { WishlistId } = await added.json();
    try {
      const own = await (await page.request.get(path)).text();
      expect(heart(own, variantId)).toContain('data-wished="true"');
      expect(heart(await (await visitor.get(path)).text(), variantId)).toContain('data-wished="false"');

      const moved = await page.request.put("/api/v1/salestaxes/currentcountry", {
        data: { currentCountry: "LU" },
        headers: { Origin: origin },
      });
      expect(moved.status(), await moved.text()).toBe(200);
      const inLuxembourg = await (await page.request.get(path)).text();
      expect(inLuxembourg).toContain('<option value="LU" selected>');
      // Luxembourg's VAT (17 %) is not Belgium's (21 %): the kept card is not the Belgian one.
      expect(cardPrice(inLuxembourg, variantId)).not.toBe(cardPrice(before, variantId));
      const stillBelgian = await (await visitor.get(path)).text();
      expect(stillBelgian).toContain('<option value="BE" selected>');
      expect(cardPrice(stillBelgian, variantId)).toBe(cardPrice(before, variantId));
    } finally {
      await page.request.put("/api/v1/salestaxes/currentcountry", {
        data: { currentCountry: "BE" },
        headers: { Origin: origin },
      });
      await page.request.post("/api/v1/catalog/wishlist/delete", {
        data: { Id: WishlistId },
        headers: { Origin: origin },
      });
      await visitor.dispose();
    }
  });

  test("the same cards at another address or on another page keep their own links and positions", async ({
    baseURL,
  }) => {
    const visitor = await stranger(baseURL as string);
    // Three addresses: the first two list the same cards in the same layout (grid is the default display).
    const plain = "/fr/c/vetements?sort=name";
    const sameCards = "/fr/c/vetements?sort=name&display=grid";
    const second = "/fr/c/vetements?sort=name&pageindex=2";
    const firstHeart = (html: string) => /<a class="wishlist-heart[^>]*href="([^"]*)"/.exec(html)?.[1] ?? "";
    const firstIndex = (html: string) =>
      JSON.parse((/data-track-item="([^"]*)"/.exec(html)?.[1] ?? "{}").replace(/&#34;/g, '"')).index;
    for (let round = 0; round < 2; round++) {
      const [a = "", b = "", c = ""] = await Promise.all(
        [plain, sameCards, second].map(async (p) => (await visitor.get(p)).text()),
      );
      expect(firstHeart(a).endsWith(`returnUrl=${encodeURIComponent(plain)}`)).toBe(true);
      expect(firstHeart(b).endsWith(`returnUrl=${encodeURIComponent(sameCards)}`)).toBe(true);
      expect(firstIndex(a)).toBe(0);
      expect(firstIndex(c)).toBe(24);
    }
    await visitor.dispose();
  });
});
