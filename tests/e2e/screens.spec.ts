import type { Page } from "@playwright/test";
import { addFromCard, expect, test } from "../support/e2e";

/**
 * The look of each page type, held by screenshots of its first screen (baselines in
 * tests/e2e/__screenshots__): home, category list, product, cart and checkout, at a phone's and a
 * desktop's width, with and without JavaScript, in French, and the list in Dutch. Stable by design:
 * the e2e server's fixed seed, fonts from Debian packages (fonts-inter, fonts-dejavu-core: .ci/run),
 * animations off, reduced motion (carousels stay still), no caret, the pointer away, images and fonts
 * loaded. After an intended change of look: `npm run build && npx playwright test
 * tests/e2e/screens.spec.ts --update-snapshots`, then look at the new PNGs before committing them.
 */
const SCREENS = [
  { name: "phone", width: 412, height: 915 },
  { name: "desktop", width: 1280, height: 800 },
];

async function firstProductUrl(page: Page): Promise<string> {
  await page.goto("/fr/c/vetements");
  return (await page.locator(".product-card a[href*='/p/']").first().getAttribute("href")) as string;
}

/** Everything the first screen shows has arrived, and nothing moves. */
async function still(page: Page, javaScript: boolean) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() =>
    [...document.images]
      .filter((img) => img.getBoundingClientRect().top < window.innerHeight && img.loading !== "lazy")
      .every((img) => img.complete),
  );
  if (javaScript) await expect(page.locator("html")).not.toHaveClass(/is-initial-loading/, { timeout: 10_000 });
  await page.mouse.move(0, 0);
}

for (const screen of SCREENS) {
  for (const javaScript of [true, false]) {
    const mode = javaScript ? "js" : "nojs";
    test.describe(`${screen.name}, ${mode}`, () => {
      test.use({
        viewport: { width: screen.width, height: screen.height },
        javaScriptEnabled: javaScript,
        reducedMotion: "reduce",
      });

      test("home, category, product, cart and checkout look as they did", async ({ page }) => {
        const pages: [string, () => Promise<unknown>][] = [
          ["home", () => page.goto("/fr/")],
          ["category", () => page.goto("/fr/c/vetements")],
          ["product", async () => page.goto(await firstProductUrl(page))],
          [
            "cart",
            async () => {
              await addFromCard(page, "fr", javaScript);
              return page.goto("/fr/shoppingcarts");
            },
          ],
          ["checkout", () => page.goto("/fr/checkout")],
        ];
        for (const [name, open] of pages) {
          await open();
          await still(page, javaScript);
          await expect(page, name).toHaveScreenshot(`${name}-${screen.name}-${mode}.png`, {
            animations: "disabled",
            caret: "hide",
            maxDiffPixels: 150,
            // A countdown's end and figures depend on the day it runs: its box is held, not its text.
            mask: [page.locator(".countdown")],
          });
        }
      });
    });
  }
}

test.describe("in Dutch", () => {
  test.use({ viewport: { width: 412, height: 915 }, reducedMotion: "reduce" });

  test("the category list looks as it did", async ({ page }) => {
    await page.goto("/nl/c/kleding");
    await still(page, true);
    await expect(page).toHaveScreenshot("category-phone-js-nl.png", {
      animations: "disabled",
      caret: "hide",
      maxDiffPixels: 150,
    });
  });
});
