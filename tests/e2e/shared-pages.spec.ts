import type { Page } from "@playwright/test";
import {
  createCustomer,
  giveBirthListTo,
  giveWishlistsTo,
  removeCustomer,
  renameCustomer,
  type TestCustomer,
} from "../support/customers";
import { closedPopupCookie, consentCookie, expect, signIn, test } from "../support/e2e";

/**
 * Issue 37, decision 062: every shopper with a session gets the same cached page, her own parts filled
 * after load from `GET /api/v1/me/summary`. Two customers, one private (a wishlist, a birth list) and
 * one business (a cart line), open every shared page type: each sees her own name, cart, wishlist,
 * hearts and account kind, never the other's, and the second is served the page the first made.
 */
type Summary = {
  Customer: { FirstName: string; IsBusiness: boolean; HasBirthLists: boolean } | null;
  Cart: { ItemsCount: number; AmountTaxInclHtml: string };
  Wishlist: { Count: number; VariantIds: number[] };
};

/** What the page shows of the shopper once her summary has come. */
async function personalParts(page: Page) {
  // Her summary has filled the area (a count of none could pass before the parser reaches it).
  await expect(page.locator("#account-area .account-link:not([data-personal-placeholder])")).toBeVisible();
  await expect(page.locator("#account-area [data-personal-placeholder]")).toHaveCount(0);
  await expect(page.locator(".wishlist-count__badge")).not.toBeEmpty();
  return {
    account: (await page.locator("#account-area").innerText()).trim(),
    cartCount: (await page.locator(".mini-cart__count").innerText()).trim(),
    cartTotal: (await page.locator("[data-cart-total]").innerText()).trim(),
    wishlistCount: (await page.locator(".wishlist-count__badge").innerText()).trim(),
    wished: (await page
      .locator(".wishlist-heart.is-wished")
      .evaluateAll((hearts) => hearts.map((heart) => Number((heart as HTMLElement).dataset.variantId)))) as number[],
    hearts: (await page
      .locator(".wishlist-heart")
      .evaluateAll((hearts) => hearts.map((heart) => Number((heart as HTMLElement).dataset.variantId)))) as number[],
    business: await page.evaluate(() => document.documentElement.classList.contains("is-business")),
    birthListLinks: await page.locator(".birthlist-link:visible").count(),
  };
}

test("two customers on every shared page type see only their own parts, from one cached page", async ({
  browser,
  baseURL,
  workerServer,
}) => {
  test.setTimeout(240_000);
  const database = workerServer.database;
  const aline = await createCustomer(database, "fr");
  const bruno = await createCustomer(database, "fr", { business: true });
  try {
    renameCustomer(database, aline, "Aline");
    renameCustomer(database, bruno, "Bruno");
    await giveWishlistsTo(database, aline, "fr");
    await giveBirthListTo(database, aline, { name: "Liste d'Aline", parents: "Aline et Paul" });
    const shoppers = [];
    for (const customer of [aline, bruno]) {
      const context = await browser.newContext({ baseURL });
      await context.addCookies([consentCookie(baseURL as string), closedPopupCookie(baseURL as string)]);
      const page = await context.newPage();
      await signIn(page, customer.email, customer.password);
      shoppers.push({ customer, context, page });
    }
    const [her, him] = shoppers as [(typeof shoppers)[0], (typeof shoppers)[0]];
    // Bruno has two units of a product in his cart.
    const catalogue = await (await him.page.request.get("/fr/catalog?q=")).text();
    const variant = Number(/name="ProductVariantId" value="(\d+)"/.exec(catalogue)?.[1]);
    const added = await him.page.request.post("/api/v1/catalog/products/addtocart", {
      data: { ProductVariantId: variant, Quantity: 2 },
      headers: { Origin: baseURL as string },
    });
    expect(added.status()).toBe(200);
    const summaries = new Map<TestCustomer, Summary>();
    for (const shopper of shoppers)
      summaries.set(shopper.customer, (await (await shopper.page.request.get("/api/v1/me/summary")).json()) as Summary);
    expect(summaries.get(aline)?.Wishlist.VariantIds.length).toBeGreaterThan(0);

    // The shared page types, found as a shopper finds them.
    await her.page.goto("/fr/catalog?q=");
    const product = (await her.page.locator(".product-card a[href*='/p/']").first().getAttribute("href")) as string;
    await her.page.goto(product);
    const tag = await her.page.locator(".tag-list a").first().getAttribute("href");
    await her.page.goto("/fr/news");
    const article = await her.page.locator("a[href^='/fr/news/']").first().getAttribute("href");
    const paths = [
      "/fr/",
      "/fr/c/vetements",
      product,
      "/fr/catalog?q=",
      "/fr/brand/walvis",
      "/fr/news",
      "/fr/legal/terms",
    ];
    for (const path of [tag, article]) if (path) paths.push(path);
    // A page Aline's wishlist is on: her hearts must show there.
    const wishedPage = `/fr/catalog?q=&page=1`;
    paths.push(wishedPage);

    for (const path of paths) {
      for (const { customer, page } of [her, him]) {
        const response = await page.goto(path);
        expect(response?.headers()["cache-control"], path).toBe("private, max-age=0, must-revalidate");
        const html = (await response?.text()) ?? "";
        // The shared HTML holds no one's name, count or total.
        for (const name of ["Aline", "Bruno"]) expect(html, `${path} as sent`).not.toContain(`Bonjour ${name}`);
        const mine = summaries.get(customer) as Summary;
        const shown = await personalParts(page);
        expect(shown.account, path).toContain(`Bonjour ${customer === aline ? "Aline" : "Bruno"}`);
        expect(await page.locator("body").innerText(), path).not.toContain(customer === aline ? "Bruno" : "Aline");
        expect(shown.cartCount, path).toBe(String(mine.Cart.ItemsCount));
        expect(shown.wishlistCount, path).toBe(String(mine.Wishlist.Count));
        await expect
          .poll(async () => (await personalParts(page)).wished.sort(), { message: `${path} hearts` })
          .toEqual(shown.hearts.filter((id) => mine.Wishlist.VariantIds.includes(id)).sort());
        // Her hearts connect only when she wished something: with nothing wished the shared hearts are
        // right as sent, and loading them would be work for nothing (Bruno's count connects all the same).
        await expect(page.locator(".wishlist-count[data-connected]"), path).toHaveCount(1);
        if (mine.Wishlist.Count > 0)
          await expect(page.locator(".wishlist-heart[data-connected]"), path).toHaveCount(shown.hearts.length);
        else
          expect(
            await page.evaluate(() =>
              performance.getEntriesByType("resource").some((entry) => entry.name.includes("wishlist-heart")),
            ),
            path,
          ).toBe(false);
        expect(shown.business, path).toBe(customer === bruno);
        if (path === product) expect(shown.birthListLinks, path).toBe(customer === aline ? 1 : 0);
        if (customer === bruno) expect(shown.cartTotal, path).toBe(mine.Cart.AmountTaxInclHtml);
      }
      // Bruno was served the page Aline's visit kept.
      const again = await him.page.request.get(path);
      expect(again.headers()["x-cache"], path).toBe("hit");
    }
    for (const { context } of shoppers) await context.close();
  } finally {
    removeCustomer(database, aline);
    removeCustomer(database, bruno);
  }
});
