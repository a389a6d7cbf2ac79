import type { Page } from "@playwright/test";
import { consentCookie, expect, test } from "../support/e2e";
import { whyNotVisible } from "../support/visible";

/**
 * Pages as a shopper first sees them: loaded, untouched (no hover, no click), at a phone's and a desktop's
 * width, with and without JavaScript. Tests that clicked first missed a blank product photo.
 */
const SCREENS = [
  { name: "phone", width: 412, height: 915 },
  { name: "desktop", width: 1280, height: 800 },
];

async function firstProductUrl(page: Page): Promise<string> {
  await page.goto("/fr/catalog?q=");
  return (await page.locator(".product-card a[href*='/p/']").first().getAttribute("href")) as string;
}

for (const screen of SCREENS) {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`first look on a ${screen.name}, ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
      test.use({ viewport: { width: screen.width, height: screen.height }, javaScriptEnabled });
      test.beforeEach(async ({ context, baseURL }) => {
        await context.addCookies([consentCookie(baseURL as string)]);
      });

      test("the product page shows its main photo in the first screen", async ({ page }) => {
        const url = await firstProductUrl(page);
        await page.goto(url, { waitUntil: "load" });
        const photo = page.locator(".product-gallery__main .splide__slide img").first();
        expect(await whyNotVisible(photo, { inFirstScreen: true })).toBeNull();
        await expect(photo).toHaveAttribute("fetchpriority", "high");
        await expect(photo).toHaveAttribute("loading", "eager");
        await expect(photo).toHaveAttribute("width", /\d+/);
        await expect(photo).toHaveAttribute("height", /\d+/);
        // The browser picked an AVIF rendition for this screen from the srcset, and it decoded.
        const chosen = await photo.evaluate((img: HTMLImageElement) => ({
          src: img.currentSrc,
          natural: img.naturalWidth,
        }));
        expect(chosen.src).toMatch(/\/media\/[0-9a-f-]{36}-w(480|640|960|1280)\.avif$/);
        expect(chosen.natural).toBeGreaterThan(0);
      });

      test("the home page shows a slide of every carousel, the first one in the first screen", async ({ page }) => {
        await page.goto("/fr/", { waitUntil: "load" });
        // The demo home page is content: its hero banner first, then the ticker and the rows.
        const carousels = page.locator(".banner, .carousel");
        const count = await carousels.count();
        expect(count).toBeGreaterThanOrEqual(3);
        for (let i = 0; i < count; i++) {
          const carousel = carousels.nth(i);
          // Looking further down is scrolling, not touching: lazy photos load as they come into view.
          if (i > 0) await carousel.scrollIntoViewIfNeeded();
          const slide = carousel.locator(".splide__slide").first();
          const image = slide.locator("img");
          if ((await image.count()) > 0)
            await expect.poll(() => image.first().evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
          const target = (await image.count()) > 0 ? image.first() : slide;
          expect(await whyNotVisible(target, { inFirstScreen: i === 0 }), `carousel ${i + 1}`).toBeNull();
        }
      });

      test("a list page shows its first card's photo in the first screen", async ({ page }) => {
        await page.goto("/fr/catalog?q=", { waitUntil: "load" });
        const photo = page.locator(".product-card img").first();
        expect(await whyNotVisible(photo, { inFirstScreen: true })).toBeNull();
      });
    });
  }
}

test("renditions are made only at the fixed widths, as images, and cached for a year", async ({ page, request }) => {
  const url = await firstProductUrl(page);
  await page.goto(url);
  const src = (await page.locator(".product-gallery__main img").first().getAttribute("src")) as string;
  const guid = /\/media\/([0-9a-f-]{36})\.jpg$/.exec(src)?.[1];
  expect(guid).toBeTruthy();
  const avif = await request.get(`/media/${guid}-w320.avif`);
  expect(avif.status()).toBe(200);
  expect(avif.headers()["content-type"]).toBe("image/avif");
  expect(avif.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await avif.body()).length).toBeGreaterThan(100);
  for (const hostile of [`${guid}-w777.webp`, `${guid}-w99999.jpg`, `${guid}.avif`, `${guid}-w320.pdf`]) {
    expect((await request.get(`/media/${hostile}`)).status(), hostile).toBe(404);
  }
});
