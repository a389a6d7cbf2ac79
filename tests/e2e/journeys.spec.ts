import type { Page } from "@playwright/test";
import { chooseInFakeSelect, consentCookie, expect, seriousViolations, swupStarted, test } from "../support/e2e";

/** Waits until a page swap is over (the old page's controls are gone). */
async function settled(page: Page) {
  await expect(page.locator("html")).not.toHaveClass(/is-changing|is-animating|is-rendering/);
  await expect(page.locator("html")).not.toHaveAttribute("aria-busy", "true");
}

/** On a product page: choose variation values until the chosen variant can be bought. */
async function pickBuyableVariation(page: Page) {
  const picker = page.locator(".variation-picker");
  await picker.hover();
  await expect(page.locator("astro-island:has(.variation-picker)")).not.toHaveAttribute("ssr", "", { timeout: 15_000 });
  const swatches = picker.locator(".variation-swatches input:not(:disabled)");
  const count = await swatches.count();
  for (let i = count - 1; i >= 0; i--) {
    const sku = await page.locator("[data-sku]").textContent();
    if (await swatches.nth(i).isChecked()) continue;
    await swatches.nth(i).check();
    await expect(page.locator("[data-sku]")).not.toHaveText(sku ?? "");
    if (await page.locator("[data-add-to-cart]").isEnabled()) return;
  }
  await expect(page.locator("[data-add-to-cart]")).toBeEnabled();
}

for (const culture of ["fr", "de"] as const) {
  test(`a shopper in ${culture} filters, sorts, pages, picks a variation and adds it to the cart`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`/${culture}/`);
    await swupStarted(page);
    await page.locator("#site-nav .site-nav__link").first().click();
    await expect(page.locator(".product-grid")).toBeVisible();
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);

    await settled(page);
    await chooseInFakeSelect(page, "pageSize", "12");
    await expect(page).toHaveURL(/pageSize=12/);
    await settled(page);
    await chooseInFakeSelect(page, "sort", "price-asc");
    await expect(page).toHaveURL(/sort=price-asc/);
    await settled(page);
    await page.locator(".list-filter input[name=inStock]").check();
    await expect(page).toHaveURL(/filter=/, { timeout: 5000 });
    await settled(page);
    expect(JSON.parse(new URL(page.url()).searchParams.get("filter") ?? "{}")).toMatchObject({ InStock: true });

    await page.locator(".pagination a[rel=next]").click();
    await expect(page).toHaveURL(/pageindex=2/);
    await expect(page).toHaveURL(/sort=price-asc/);
    await settled(page);
    const prices = await page
      .locator(".product-card .price")
      .evaluateAll((nodes) => nodes.map((n) => Number((n.textContent ?? "").replace(/[^\d,]/g, "").replace(",", "."))));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    await page.locator(".product-card a[data-select-item]").first().click();
    await expect(page.locator(".variation-picker")).toBeVisible();
    // swup's a11y plugin marks <html> aria-busy until the swap ends: axe looks at the page once it has.
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await pickBuyableVariation(page);
    const quantity = await page.locator("form.add-to-cart input[name=Quantity]").inputValue();
    await page.locator("[data-add-to-cart]").click();
    await expect(page.locator(".added-dialog")).toBeVisible();
    await expect(page.locator("[data-cart-count]")).toHaveText(quantity);
    await page.locator(".added-dialog .button--secondary").click();
    // The count stays after a page swap (the header persists) and after a full reload (the server knows).
    await page.locator("#site-nav .site-nav__link").first().click();
    await expect(page.locator("[data-cart-count]")).toHaveText(quantity);
    await page.reload();
    await expect(page.locator("[data-cart-count]")).toHaveText(quantity);
  });
}

test("the same journey works with JavaScript disabled", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await context.addCookies([consentCookie(baseURL as string)]);
  const page = await context.newPage();
  await page.goto("/nl/");
  await page.locator("#site-nav .site-nav__link").first().click();
  await page.locator("select[name=pageSize]").selectOption("12");
  await page.locator("select[name=sort]").selectOption("price-asc");
  await page.locator(".list-toolbar button[type=submit]").click();
  await expect(page).toHaveURL(/sort=price-asc/);
  await page.locator(".list-filter input[name=inStock]").check();
  await page.locator(".list-filter button[type=submit]").click();
  await expect(page).toHaveURL(/inStock=true|filter=/);
  await page.locator(".pagination a[rel=next]").click();
  await expect(page).toHaveURL(/pageindex=2/);
  await page.locator(".product-card a[data-select-item]").first().click();
  // Choose colours with the plain form until the variant can be bought, then add it to the cart.
  const add = page.locator("[data-add-to-cart]");
  const colours = await page.locator(".variation-swatches input:not(:disabled)").count();
  for (let i = 0; i < colours && !(await add.isEnabled()); i++) {
    await page.locator(".variation-swatches input:not(:disabled)").nth(i).check();
    await page.locator("form.variation-form button[type=submit]").click();
    await expect(page).toHaveURL(/VariantValueId1=\d+/);
  }
  const quantity = await page.locator("form.add-to-cart input[name=Quantity]").inputValue();
  await add.click();
  await expect(page.locator("[data-flash]")).toContainText("winkelwagen");
  await expect(page.locator("[data-cart-count]")).toHaveText(quantity);
  await context.close();
});
