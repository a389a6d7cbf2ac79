import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { createCustomer, giveAddress, removeCustomer, renameCustomer } from "../support/customers";
import { consentCookie, expect, signIn, test } from "../support/e2e";

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

/** A page without its own content: what the frame (head, header, navigation, footer, dialogs) sent. */
function frameOf(html: string): string {
  return html.slice(0, html.indexOf("<main")) + html.slice(html.indexOf("</main>"));
}

/** The page's own content. */
function contentOf(html: string): string {
  return html.slice(html.indexOf("<main"), html.indexOf("</main>"));
}

/** A visitor without scripts whose cart holds one line of the catalogue's first variant. */
async function visitorWithCartLine(origin: string): Promise<{ visitor: APIRequestContext; variant: number }> {
  const visitor = await stranger(origin);
  const catalogue = await (await visitor.get("/fr/catalog?q=")).text();
  const variant = Number(/name="ProductVariantId" value="(\d+)"/.exec(catalogue)?.[1]);
  const added = await visitor.post("/api/v1/catalog/products/addtocart", {
    data: { ProductVariantId: variant, Quantity: 1 },
    headers: { Origin: origin },
  });
  expect(added.status(), await added.text()).toBe(200);
  return { visitor, variant };
}

test("a visitor's blank address fields are kept; what she typed, its errors and a customer's address never come from them", async ({
  baseURL,
  workerServer,
}) => {
  const origin = baseURL as string;
  const { visitor, variant } = await visitorWithCartLine(origin);
  const field = (html: string, id: string) => new RegExp(`<input id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
  const blank = await (await visitor.get("/fr/checkout")).text();
  expect(field(blank, "Billing-FirstName")).toMatch(/ value[ >]/);

  // Sent without scripts, without accepting the terms: the page comes back with what she typed.
  const key = /name="IdempotencyKey" value="([^"]+)"/.exec(blank)?.[1] as string;
  const posted = await visitor.post("/fr/checkout", {
    form: { IdempotencyKey: key, Email: "zoe@example.test", "Billing.FirstName": "Zoé", PaymentMethod: "card" },
    headers: { Origin: origin },
  });
  expect(posted.status()).toBe(400);
  const again = await posted.text();
  expect(field(again, "Billing-FirstName")).toContain('value="Zoé"');
  expect(field(again, "Billing-LastName")).toContain('aria-invalid="true"');
  expect(field(await (await visitor.get("/fr/checkout")).text(), "Billing-FirstName")).not.toContain("Zoé");

  // A signed-in customer's saved address fills her fields.
  const customer = await createCustomer(workerServer.database, "fr");
  try {
    giveAddress(workerServer.database, customer);
    const her = await stranger(origin);
    await her.post("/api/v1/security/login", {
      data: { Email: customer.email, Password: customer.password },
      headers: { Origin: origin },
    });
    await her.post("/api/v1/catalog/products/addtocart", {
      data: { ProductVariantId: variant, Quantity: 1 },
      headers: { Origin: origin },
    });
    expect(field(await (await her.get("/fr/checkout")).text(), "Billing-FirstName")).toContain('value="Test"');
    await her.dispose();
  } finally {
    removeCustomer(workerServer.database, customer);
  }
  await visitor.dispose();
});

test.describe("her pages' kept frame (decision 065)", () => {
  test("two customers get one frame on their account, cart and checkout pages, with nothing of either in it; a kept frame's islands and scripts stay right", async ({
    browser,
    baseURL,
    workerServer,
  }) => {
    test.setTimeout(120_000);
    const database = workerServer.database;
    const origin = baseURL as string;
    const aline = await createCustomer(database, "fr");
    const bruno = await createCustomer(database, "fr");
    const shoppers = [];
    try {
      for (const [customer, name] of [
        [aline, "Aline"],
        [bruno, "Bruno"],
      ] as const) {
        renameCustomer(database, customer, name);
        giveAddress(database, customer);
        const context = await browser.newContext({ baseURL: origin });
        // Her browser runs scripts (the head script's cookie once consent is decided).
        await context.addCookies([consentCookie(origin), { name: "vitrine_js", value: "1", url: origin }]);
        const signedIn = await context.request.post("/api/v1/security/login", {
          data: { Email: customer.email, Password: customer.password },
          headers: { Origin: origin },
        });
        expect(signedIn.status(), await signedIn.text()).toBe(200);
        const catalogue = await (await context.request.get("/fr/catalog?q=")).text();
        const variant = Number(/name="ProductVariantId" value="(\d+)"/.exec(catalogue)?.[1]);
        const added = await context.request.post("/api/v1/catalog/products/addtocart", {
          data: { ProductVariantId: variant, Quantity: 1 },
          headers: { Origin: origin },
        });
        expect(added.status(), await added.text()).toBe(200);
        shoppers.push({ customer, name, context });
      }
      const [her, him] = shoppers as [(typeof shoppers)[0], (typeof shoppers)[0]];
      // An address of this test's own: Aline's render makes the frame, Bruno's is served it.
      const mark = `frame=${Date.now()}`;
      // A frame is kept per culture: the Dutch account page has a frame of its own, in Dutch.
      for (const path of ["/fr/account", "/fr/shoppingcarts", "/fr/checkout", "/nl/account"]) {
        const pages = [];
        for (const shopper of [her, him]) {
          const response = await shopper.context.request.get(`${path}?${mark}`);
          expect(response.status(), path).toBe(200);
          // His page is written around her frame: sent gzipped, the frame's top compressed once (decision 066).
          if (shopper === him) expect(response.headers()["content-encoding"], path).toBe("gzip");
          pages.push(await response.text());
        }
        const [hers, his] = pages as [string, string];
        expect(frameOf(his), path).toBe(frameOf(hers));
        expect(hers, path).toContain(`<html lang="${path.split("/")[1]}"`);
        for (const shopper of shoppers) {
          expect(frameOf(hers), path).not.toContain(shopper.name);
          expect(frameOf(hers), path).not.toContain(shopper.customer.email);
        }
        // Her own content is hers alone.
        if (path.endsWith("/account")) {
          expect(contentOf(hers), path).toContain("Aline");
          expect(contentOf(his), path).toContain("Bruno");
          expect(contentOf(his), path).not.toContain("Aline");
        }
      }

      // A public page is not rendered for anyone: the page cache keeps the one a browser with scripts
      // made for visitors without scripts too, so its header is whole, not waiting for a summary.
      const scripted = await browser.newContext({ baseURL: origin });
      await scripted.addCookies([consentCookie(origin), { name: "vitrine_js", value: "1", url: origin }]);
      await scripted.request.get(`/fr/c/vetements?${mark}`);
      await scripted.close();
      const plain = await stranger(origin);
      const list = await (await plain.get(`/fr/c/vetements?${mark}`)).text();
      await plain.dispose();
      expect(list).not.toContain("data-personal-placeholder");
      expect(list).not.toContain("mini-cart--later");

      // Bruno picks up his parcel: his checkout holds the pickup finder's island, around Aline's frame.
      const pickup = await him.context.request.post("/api/v1/shoppingcarts/shippingmethods", {
        data: { ShippingMethodId: 3 },
        headers: { Origin: origin },
      });
      expect(pickup.status(), await pickup.text()).toBe(200);
      const checkout = await (await him.context.request.get(`/fr/checkout?${mark}`)).text();
      const islands = [...checkout.matchAll(/<astro-island\b[^>]*>/g)].map(([tag]) => tag);
      const finder = islands.find((tag) => tag.includes("PickupFinder")) ?? "";
      expect(contentOf(checkout)).toContain(finder);
      // Its `useId` prefix is its own, never one of the frame's islands.
      const prefixes = islands.map((tag) => /\sprefix="([^"]+)"/.exec(tag)?.[1]);
      expect(new Set(prefixes).size).toBe(islands.length);
      expect(/\sprefix="([^"]+)"/.exec(finder)?.[1]).toMatch(/^m\d+$/);
      // Astro's island loader and directive scripts in neither frame nor content (they come with the
      // page's scripts, decision 079), the stylesheets in the head only.
      expect(checkout).not.toContain('customElements.define("astro-island"');
      expect(checkout).not.toContain('new Event("astro:');
      expect(checkout).not.toContain("astro-island,astro-slot");
      expect(contentOf(checkout)).not.toContain('<link rel="stylesheet"');

      // In his browser, the page served around the kept frame works: his name comes with his summary,
      // the finder (the page's island) and the mini-cart (the frame's) hydrate.
      const page = await him.context.newPage();
      await page.goto(`/fr/checkout?${mark}`);
      await expect(page.locator("#account-area")).toContainText("Bruno");
      await page.locator("[data-pickup-open]").click();
      await expect(page.locator("dialog[open][data-pickup-dialog] [data-pickup-point]").first()).toBeVisible();
      await page.keyboard.press("Escape");
      await page.locator(".mini-cart button, .mini-cart a").first().hover();
      await expect(page.locator(".mini-cart astro-island:not([ssr])")).toHaveCount(1);
    } finally {
      for (const shopper of shoppers) await shopper.context.close();
      removeCustomer(database, aline);
      removeCustomer(database, bruno);
    }
  });
});

test("her page rendered around a new frame and asked without compression comes whole, at the length it says", async ({
  baseURL,
}) => {
  const origin = baseURL as string;
  const { visitor } = await visitorWithCartLine(origin);
  const { cookies } = await visitor.storageState();
  // Her browser runs scripts (so her frame is kept); an address of its own, so this render makes the frame.
  const cookie = [...cookies.map((c) => `${c.name}=${c.value}`), "vitrine_js=1"].join("; ");
  const path = `/fr/shoppingcarts?frame=${Date.now()}`;
  for (const round of ["makes the frame", "around the kept frame"]) {
    const answer = await fetch(`${origin}${path}`, { headers: { Cookie: cookie, "Accept-Encoding": "identity" } });
    const body = Buffer.from(await answer.arrayBuffer());
    expect(answer.status, round).toBe(200);
    expect(answer.headers.get("content-encoding"), round).toBeNull();
    const said = answer.headers.get("content-length");
    if (said !== null) expect(Number(said), round).toBe(body.length);
    expect(body.toString("utf8"), round).toMatch(/<\/html>\s*$/);
    expect(body.toString("utf8"), round).not.toContain("vitrine-page-frame-");
  }
  await visitor.dispose();
});
