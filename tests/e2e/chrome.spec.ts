import type { Page } from "@playwright/test";
import { INITIAL_LOADER_DELAY_MS } from "../../src/shell/initial-loader";
import { addFromCard, expect, seriousViolations, settled, test } from "../support/e2e";

/**
 * The page chrome of spec 001 as shoppers use it: the menu and filter side panels on phones, the
 * category panels on desktop, by keyboard and by touch; the header's size, the tap targets and the
 * page widths at phone sizes; the sticky header without layout shift.
 */
const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1280, height: 800 };

/** Reaches the navigation (its behaviour loads when first used) and waits until it is connected. */
async function ready(page: Page) {
  await page.locator("#site-nav .site-nav__link").first().focus();
  await expect(page.locator("#site-nav")).toHaveAttribute("data-connected", /site-nav/, { timeout: 15_000 });
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the menu opens from its button, keeps focus inside, closes with Escape and outside, and locks the page", async ({
    page,
  }) => {
    await page.goto("/fr/");
    const button = page.locator(".menu-button");
    const nav = page.locator("#site-nav");
    await expect(nav).not.toBeInViewport();
    await expect(button).toHaveAttribute("aria-controls", "site-nav");

    // Keyboard: open, walk through every category, Tab wraps inside the panel, Escape closes.
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(nav).toBeInViewport();
    await expect(page.locator("body")).toHaveClass(/has-off-canvas/);
    const links = nav.locator("a:visible, button:visible, select:visible");
    const count = await links.count();
    const reached = new Set<string>();
    for (let i = 0; i < count + 2; i++) {
      const inside = await page.evaluate(() => document.getElementById("site-nav")?.contains(document.activeElement));
      expect(inside, `focus ${i} stays in the menu`).toBe(true);
      reached.add((await page.evaluate(() => document.activeElement?.textContent?.trim())) ?? "");
      await page.keyboard.press("Tab");
    }
    for (const name of ["Vêtements", "T-shirts", "Vestes", "Chaussures", "Accessoires", "Sacs", "Entretien"])
      expect([...reached]).toContain(name);
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
    await expect(page.locator("body")).not.toHaveClass(/has-off-canvas/);
    await expect(nav).not.toBeInViewport();

    // Pointer: open, the page behind does not scroll, a tap outside closes.
    await button.click();
    await expect(nav).toBeInViewport();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
    await page.mouse.click(PHONE.width - 10, 400);
    await expect(button).toHaveAttribute("aria-expanded", "false");

    // A category from the menu: the page changes and the menu is gone.
    await button.click();
    await nav.getByRole("link", { name: "Pulls" }).click();
    await expect(page.locator("h1")).toHaveText("Pulls");
    await expect(page.locator("body")).not.toHaveClass(/has-off-canvas/);
    await expect(nav).not.toBeInViewport();
  });

  test("the side panel holds no featured photo of the desktop panels, and none is downloaded", async ({ page }) => {
    // A page without products: a photo requested here came from the menu alone.
    await page.goto("/fr/cookies");
    const featured = page.locator("#site-nav .mega-panel__feature");
    const guids = await featured
      .locator("img")
      .evaluateAll((images) => images.map((i) => /\/media\/([\w-]{36})/.exec((i as HTMLImageElement).src)?.[1] ?? "?"));
    expect(guids.length).toBeGreaterThan(0);
    await page.locator(".menu-button").click();
    await expect(page.locator("#site-nav")).toBeInViewport();
    for (const link of await featured.all()) await expect(link).toBeHidden();
    await page.waitForLoadState("networkidle");
    const fetched = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name));
    expect(fetched.filter((url) => guids.some((guid) => url.includes(guid)))).toEqual([]);
  });

  test("the header fits two rows with labelled controls of at least 44 px, at 360, 412 and 768 px", async ({
    page,
  }) => {
    for (const width of [360, 412, 768]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/fr/c/vetements");
      const bar = page.locator(".site-header__bar");
      const rows = await bar.evaluate((element) => {
        const tops = [...element.children]
          .map((child) => child.getBoundingClientRect())
          .filter((box) => box.width > 0 && box.height > 0)
          .map((box) => Math.round(box.top / 10));
        return new Set(tops).size;
      });
      expect(rows, `rows at ${width}`).toBeLessThanOrEqual(2);
      const controls = page.locator(
        ".site-header__bar a:visible, .site-header__bar button:visible, .site-header__bar input:visible",
      );
      for (let i = 0; i < (await controls.count()); i++) {
        const control = controls.nth(i);
        const box = await control.boundingBox();
        const name = await control.evaluate((element) => {
          const label = element.getAttribute("aria-label") ?? element.textContent ?? "";
          const input = element as HTMLInputElement;
          return (label.trim() || (input.labels?.[0]?.textContent ?? "")).trim();
        });
        expect(name, `control ${i} at ${width} has a label`).not.toBe("");
        expect(box && box.height >= 44 && box.width >= 44, `${name} at ${width}: ${JSON.stringify(box)}`).toBe(true);
      }
    }
  });

  test("filters wait in a drawer behind Filters (n), and the first card is in the first screen", async ({ page }) => {
    for (const width of [360, 412, 768]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/fr/c/vetements");
      const card = page.locator(".product-card").first();
      const box = await card.boundingBox();
      expect(box && box.y < 800, `first card at ${box?.y} at ${width}`).toBe(true);
      await expect(page.locator("#list-filters")).not.toBeInViewport();
    }
    await page.setViewportSize(PHONE);
    await page.goto("/fr/c/vetements");
    const button = page.locator(".filters-button");
    await expect(button).toHaveText("Filtres");
    // Sort and page size sit beside the button.
    const sort = await page.locator(".list-toolbar .fake-select:has(select[name=sort])").boundingBox();
    const buttonBox = await button.boundingBox();
    expect(sort && buttonBox && Math.abs(sort.y - buttonBox.y) < 44).toBe(true);

    // By keyboard: open, choose two brands (the list waits), apply.
    await button.focus();
    await page.keyboard.press("Enter");
    const drawer = page.locator("#list-filters");
    await expect(drawer).toBeInViewport();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const brands = drawer.locator("input[name=brand]");
    await brands.nth(0).check();
    await brands.nth(1).check();
    await page.waitForTimeout(1300);
    await expect(drawer).toBeInViewport();
    await drawer.getByRole("button", { name: "Appliquer" }).click();
    await expect(page).toHaveURL(/filter=/);
    await expect(page.locator(".filters-button")).toHaveText("Filtres (2)");
    await expect(page.locator("#list-filters")).not.toBeInViewport();
    // The swap ends by moving focus to the new content (swup's a11y plugin), and before swup has loaded
    // (once the first page is idle) the form loads a whole page instead: let either finish first.
    await page.waitForLoadState("load");
    await settled(page);

    // Escape closes it and gives focus back.
    await page.locator(".filters-button").click();
    await expect(page.locator("#list-filters")).toBeInViewport();
    await page.keyboard.press("Escape");
    await expect(page.locator(".filters-button")).toBeFocused();
  });

  test("no page is wider than the screen at 360, 412 and 768 px", async ({ page }) => {
    test.setTimeout(180_000);
    await addFromCard(page, "fr");
    const product = await page.locator(".product-card a[href*='/p/']").first().getAttribute("href");
    for (const path of [
      "/fr/",
      "/fr/c/vetements",
      product as string,
      "/fr/catalog?q=pull",
      "/fr/shoppingcarts",
      "/fr/checkout",
      "/fr/security/login",
      "/fr/birthlists/birthlist/search",
    ]) {
      // Loaded on the narrowest phone, then turned and widened as a shopper's screen is: one load per page.
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(path);
      for (const width of [360, 412, 768]) {
        await page.setViewportSize({ width, height: 740 });
        const widths = await page.evaluate(async () => {
          // Two frames: what follows the width (media queries, the carousels' resize handlers) has run.
          for (let frame = 0; frame < 2; frame++) await new Promise((done) => requestAnimationFrame(done));
          return { page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth };
        });
        expect(widths.page, `${path} at ${width}`).toBeLessThanOrEqual(widths.screen);
      }
    }
  });
});

test.describe("what is below the first screen waits until it comes near (content-visibility)", () => {
  test.use({ viewport: PHONE });

  /** Whether the browser laid out and painted it (false while content-visibility skips it). */
  const rendered = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));

  test("a list's later cards, the footer, a product's later photos, the closed menu", async ({ page }) => {
    await page.goto("/fr/c/vetements");
    expect(await rendered(page, ".product-grid > li:nth-child(2) a")).toBe(true);
    expect(await rendered(page, ".product-grid > li:nth-child(12) a")).toBe(false);
    expect(await rendered(page, "footer.site-footer ul")).toBe(false);
    expect(await rendered(page, "#site-nav .site-nav__link")).toBe(false);
    // Scrolled to, they are there, in their place: the page's height hardly moved (a card's estimate).
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.locator(".product-grid > li:nth-child(12)").scrollIntoViewIfNeeded();
    await expect.poll(() => rendered(page, ".product-grid > li:nth-child(12) a")).toBe(true);
    await expect(page.locator(".product-grid > li:nth-child(12) img")).toBeVisible();
    await page.locator("footer.site-footer").scrollIntoViewIfNeeded();
    await expect.poll(() => rendered(page, "footer.site-footer ul")).toBe(true);
    const after = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(Math.abs(after - height) / height).toBeLessThan(0.05);
    // The list display's rows are shorter: their own estimate, the same check.
    await page.goto("/fr/c/vetements?display=list");
    const listHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.locator("footer.site-footer").scrollIntoViewIfNeeded();
    await expect.poll(() => rendered(page, "footer.site-footer ul")).toBe(true);
    const listAfter = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(Math.abs(listAfter - listHeight) / listHeight).toBeLessThan(0.05);
    // The menu's links are shown once it opens.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator(".menu-button").click();
    await expect(page.locator("#site-nav .site-nav__link").first()).toBeVisible();
    expect(await rendered(page, "#site-nav .site-nav__link")).toBe(true);

    await page.goto((await page.locator(".product-grid a[href*='/p/']").first().getAttribute("href")) as string);
    expect(await rendered(page, ".product-gallery__main .splide__slide:nth-child(1) img")).toBe(true);
    expect(await rendered(page, ".product-gallery__main .splide__slide:nth-child(8) img")).toBe(false);
    // The footer, four screens down; the browser renders what is within about one and a half screens.
    expect(await rendered(page, "footer.site-footer ul")).toBe(false);
  });
});

test.describe("without JavaScript on a phone", () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test("the menu and the filters open by their links and close by theirs", async ({ page }) => {
    await page.goto("/fr/c/vetements");
    // Before any script they are the links they are (Enter follows them, the panel opens by :target):
    // no button role whose Space does nothing, no aria-expanded="false" on an open panel.
    for (const [trigger, panel] of [
      [".menu-button", "site-nav"],
      [".filters-button", "list-filters"],
    ] as const) {
      await expect(page.getByRole("link", { name: trigger === ".menu-button" ? "Menu" : /Filtres/ })).toHaveAttribute(
        "aria-controls",
        panel,
      );
      await expect(page.locator(trigger)).not.toHaveAttribute("aria-expanded", /.*/);
      await expect(page.locator(trigger)).not.toHaveAttribute("role", /.*/);
    }
    await page.locator(".menu-button").focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#site-nav$/);
    await page.goto("/fr/c/vetements");
    await page.locator(".menu-button").click();
    await expect(page).toHaveURL(/#site-nav$/);
    const nav = page.locator("#site-nav");
    await expect(nav).toBeInViewport();
    await expect(nav.getByRole("link", { name: "T-shirts" })).toBeVisible();
    await nav.locator(".site-nav__close").click();
    await expect(nav).not.toBeInViewport();

    await page.locator(".filters-button").click();
    await expect(page.locator("#list-filters")).toBeInViewport();
    await page.locator("#list-filters input[name=brand]").first().check();
    await page.locator("#list-filters").getByRole("button", { name: "Appliquer" }).click();
    await expect(page.locator(".filters-button")).toHaveText("Filtres (1)");
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: DESKTOP });

  test("a category's panel opens by keyboard with its sub-categories and photo, and Escape closes it", async ({
    page,
  }) => {
    await page.goto("/fr/");
    await ready(page);
    await expect(page.locator(".menu-button")).toBeHidden();
    const item = page.locator(".site-nav__item").first();
    const toggle = item.locator("[data-nav-toggle]");
    const panel = item.locator(".mega-panel");
    await expect(panel).toBeHidden();
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("link", { name: "T-shirts" })).toBeVisible();
    const photo = panel.locator(".mega-panel__feature img");
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.keyboard.press("Tab");
    await expect(panel.locator("a").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
    // A click elsewhere closes an open panel too.
    await toggle.click();
    await expect(panel).toBeVisible();
    await page.locator("h2").first().click();
    await expect(panel).toBeHidden();
  });

  test("hovering a category shows its panel", async ({ page }) => {
    await page.goto("/fr/");
    const item = page.locator(".site-nav__item").first();
    await item.locator(".site-nav__link").hover();
    await expect(item.locator(".mega-panel")).toBeVisible();
    await page.mouse.move(600, 700);
    await expect(item.locator(".mega-panel")).toBeHidden();
  });

  test("the header stays at the top while scrolling, with its shadow past the threshold, and nothing shifts", async ({
    page,
  }) => {
    await page.goto("/fr/c/vetements");
    await page.evaluate(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    const header = page.locator(".site-header");
    const shadow = () => header.evaluate((element) => getComputedStyle(element).boxShadow);
    expect(await shadow()).toBe("none");
    await page.mouse.wheel(0, 1500);
    await expect.poll(shadow).not.toBe("none");
    expect((await header.boundingBox())?.y).toBe(0);
    await expect(page.locator(".site-nav__link").first()).toBeInViewport();
    await page.mouse.wheel(0, -1500);
    await expect.poll(shadow).toBe("none");
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThanOrEqual(0.01);
  });

  test("pages carry their kind as a body class, and the initial loader goes once images are in", async ({ page }) => {
    await page.goto("/fr/c/vetements");
    await expect(page.locator("body")).toHaveClass(/page--category/);
    await expect(page.locator("html")).not.toHaveClass(/is-initial-loading/);
    await page.goto("/fr/");
    await expect(page.locator("body")).toHaveClass(/homepage page--home/);
  });

  test("the initial loader shows only once the page has taken a second, and goes once its images are in", async ({
    page,
  }) => {
    const { release, loaded } = await loadWithImagesHeld(page, "long-loading");
    // The bar at a given time of its animation (paused there): nothing before the delay, the bar after.
    expect(await loaderBarAt(page, "long-loading", INITIAL_LOADER_DELAY_MS / 2)).toBe("matrix(0, 0, 0, 1, 0, 0)");
    expect(await loaderBarAt(page, "long-loading", INITIAL_LOADER_DELAY_MS - 1)).toBe("matrix(0, 0, 0, 1, 0, 0)");
    // 60 % into its first turn after the delay: the bar spans 80 % of the width.
    expect(await loaderBarAt(page, "long-loading", INITIAL_LOADER_DELAY_MS + 720)).toBe("matrix(0.8, 0, 0, 1, 0, 0)");
    release();
    await loaded;
    await expect(page.locator("html")).not.toHaveClass(/is-initial-loading/, { timeout: 15_000 });
  });

  test("for a shopper who asks for less motion, the loader is a still bar: it appears after the delay and does not move", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const { release, loaded } = await loadWithImagesHeld(page, "long-loading-still");
    expect(await loaderBarAt(page, "long-loading-still", INITIAL_LOADER_DELAY_MS - 1)).toBe("matrix(0, 0, 0, 1, 0, 0)");
    // Past the delay the bar spans the width, the same at any later time: no turn, no slide.
    for (const at of [INITIAL_LOADER_DELAY_MS + 50, INITIAL_LOADER_DELAY_MS + 720, INITIAL_LOADER_DELAY_MS + 5000])
      expect(await loaderBarAt(page, "long-loading-still", at)).toBe("matrix(1, 0, 0, 1, 0, 0)");
    expect(
      await page.evaluate(() =>
        document.getAnimations().some((a) => (a as CSSAnimation).animationName === "long-loading"),
      ),
    ).toBe(false);
    release();
    await loaded;
    await expect(page.locator("html")).not.toHaveClass(/is-initial-loading/, { timeout: 15_000 });
  });

  test("the footer carries the shop's information, badges and a language switch that follows the page", async ({
    page,
  }) => {
    await page.goto("/fr/");
    const footer = page.locator(".site-footer");
    await expect(footer.locator("address")).toContainText("Bruxelles");
    // What the checkout takes (cards, Bancontact, iDEAL), and the demo's promises: its methods have both pickups.
    await expect(footer.locator(".badge")).toHaveText(["Visa", "Mastercard", "Bancontact", "iDEAL"]);
    await expect(footer.locator(".site-footer__promises li")).toHaveText([
      "Livraison en 48 h en Belgique et aux Pays-Bas",
      "Retours sous 14 jours",
      "Paiement sécurisé",
      "Retrait en point relais",
    ]);
    await page.locator("#site-nav .site-nav__link").first().click();
    await expect(page.locator("h1")).toHaveText("Vêtements");
    await expect(footer.locator('#footer-language-switch a[hreflang="nl"]')).toHaveAttribute("href", "/nl/c/kleding");
  });
});

test.describe("touch screens", () => {
  test.use({ viewport: { width: 1180, height: 820 }, hasTouch: true });

  test("a first tap on a category opens its panel, a second follows the link", async ({ page }) => {
    // The first tap also loads the navigation's behaviour; it is held, then replayed.
    await page.goto("/fr/");
    const item = page.locator(".site-nav__item").first();
    await item.locator(".site-nav__link").tap();
    await expect(item.locator(".mega-panel")).toBeVisible();
    await expect(page).toHaveURL(/\/fr\/$/);
    await item.locator(".site-nav__link").tap();
    await expect(page.locator("h1")).toHaveText("Vêtements");
  });
});

test.describe("accessibility of every page type", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`no serious violation at ${viewport.width} px, menu and drawer open included`, async ({ page }) => {
      // Ten axe runs over whole pages: about 25 s on two cores, more while the machine is busy.
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      await addFromCard(page, "fr");
      const product = await page.locator(".product-card a[href*='/p/']").first().getAttribute("href");
      for (const path of [
        "/fr/",
        "/fr/c/vetements",
        product as string,
        "/fr/catalog?q=pull",
        "/fr/brand/walvis",
        "/fr/shoppingcarts",
        "/fr/checkout",
        "/fr/security/login",
      ]) {
        await page.goto(path);
        expect(await seriousViolations(page), path).toEqual([]);
      }
      if (viewport === PHONE) {
        await page.goto("/fr/c/vetements");
        await page.locator(".menu-button").click();
        await expect(page.locator("#site-nav")).toBeInViewport();
        expect(await seriousViolations(page), "menu open").toEqual([]);
        await page.keyboard.press("Escape");
        await page.locator(".filters-button").click();
        await expect(page.locator("#list-filters")).toBeInViewport();
        expect(await seriousViolations(page), "filters open").toEqual([]);
      }
    });
  }
});

test.describe("long texts and content blocks", () => {
  test("a long product description is cut to 184 px behind see more, and opens whole", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/fr/c/vetements");
    await page.locator(".product-card a[href*='/p/']").first().click();
    // Its behaviour loads on first use: the first click is held, then replayed.
    const box = page.locator(".see-more");
    const body = box.locator("[data-see-more-body]");
    const toggle = box.locator("[data-see-more-toggle]");
    expect((await body.boundingBox())?.height).toBeLessThanOrEqual(185);
    await expect(toggle).toHaveText("Voir plus");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(toggle).toHaveText("Voir moins");
    expect((await body.boundingBox())?.height).toBeGreaterThan(185);
  });

  test("without JavaScript the whole text shows and no toggle", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, baseURL });
    const page = await context.newPage();
    await page.goto("/fr/c/vetements");
    await page.goto((await page.locator(".product-card a[href*='/p/']").first().getAttribute("href")) as string);
    await expect(page.locator("[data-see-more-toggle]")).toBeHidden();
    expect((await page.locator("[data-see-more-body]").boundingBox())?.height).toBeGreaterThan(185);
    await context.close();
  });

  test("the home page's category blocks stand in a masonry of four columns on a desktop", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/fr/");
    const boxes = await page
      .locator(".category-block")
      .evaluateAll((blocks) =>
        blocks
          .map((block) => block.getBoundingClientRect())
          .map((box) => ({ x: Math.round(box.x), h: Math.round(box.height) })),
      );
    expect(new Set(boxes.map((box) => box.x)).size).toBe(4);
    expect(new Set(boxes.map((box) => box.h)).size).toBeGreaterThan(1);
  });
});

test("the mini-cart opens as a side panel on a phone, keeps focus, and Escape gives it back", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await addFromCard(page, "fr");
  await page.keyboard.press("Escape");
  const toggle = page.locator("[data-mini-cart-toggle]");
  await toggle.click();
  const panel = page.locator("[data-mini-cart-panel]");
  await expect(panel).toBeInViewport({ ratio: 1 });
  await expect(panel.locator("[data-cart-line]")).toHaveCount(1);
  await expect(page.locator("body")).toHaveClass(/has-off-canvas/);
  const box = await panel.boundingBox();
  expect(box && Math.round(box.x + box.width)).toBe(PHONE.width);
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("[data-mini-cart-panel]")))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(page.locator("body")).not.toHaveClass(/has-off-canvas/);
});

test("the logos carousel shows 7, 5, 4 or 2 logos by width", async ({ page }) => {
  for (const [width, perView] of [
    [1280, 7],
    [1100, 5],
    [800, 4],
    [500, 2],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/dev/islands/brand-carousel/logos?culture=fr");
    const carousel = page.locator(".carousel--logos");
    await expect(carousel).toHaveAttribute("data-carousel-mounted", "true", { timeout: 15_000 });
    await expect(carousel.locator(".splide__slide img").first()).toBeVisible();
    await expect
      .poll(() =>
        carousel.evaluate((root) => {
          const track = root.querySelector(".splide__track")?.getBoundingClientRect();
          return [...root.querySelectorAll(".splide__slide")].filter((slide) => {
            const box = slide.getBoundingClientRect();
            return track && box.left >= track.left - 1 && box.right <= track.right + 1;
          }).length;
        }),
      )
      .toBe(perView);
  }
});

/**
 * Opens the category page with its images held (a long load), once the loader's animation `name` exists
 * (the stylesheet has arrived); `release` lets the images in, `loaded` is the page's load.
 */
async function loadWithImagesHeld(
  page: Page,
  name: string,
): Promise<{ release: () => void; loaded: Promise<unknown> }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/media/**", async (route) => {
    await held;
    await route.continue();
  });
  // The fixture's goto returns once the shell has started, after the load: not awaited here.
  const loaded = page.goto("/fr/c/vetements");
  await expect(page.locator("html")).toHaveClass(/is-initial-loading/);
  await expect
    .poll(() =>
      page.evaluate((n) => document.getAnimations().some((a) => (a as CSSAnimation).animationName === n), name),
    )
    .toBe(true);
  return { release, loaded };
}

/** The loader bar's transform at `ms` into its animation `name` (paused there, then let go on). */
function loaderBarAt(page: Page, name: string, ms: number): Promise<string> {
  return page.evaluate(
    ([n, at]) => {
      const bar = document
        .getAnimations()
        .find((a) => (a as CSSAnimation).animationName === n && (a.effect as KeyframeEffect).pseudoElement);
      if (!bar) return "no animation";
      bar.pause();
      bar.currentTime = at;
      const transform = getComputedStyle(document.documentElement, "::before").transform;
      bar.play();
      return transform;
    },
    [name, ms] as const,
  );
}
