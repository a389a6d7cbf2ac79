import { giveBirthListTo } from "../support/customers";
import { expect, signIn, swupStarted, test } from "../support/e2e";

/**
 * Share and copy-link controls on shopper pages (spec 000 sections 1, 4, 9): the product page, a news
 * article and a birth list's page for its parents.
 */
test.describe("sharing a page", () => {
  test("a product is shared in a popup and its address copied with the clipboard message", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL as string });
    await page.goto("/fr/catalog?q=");
    await page.locator(".product-card a[data-select-item]").first().click();
    await expect(page.locator(".product")).toBeVisible();
    await swupStarted(page);
    const share = page.getByRole("group", { name: "Partager cette page" });
    const address = new URL(page.url());
    const facebook = share.getByRole("link", { name: "Partager sur Facebook" });
    // The page's public address (SITE_URL and its path), encoded for the network.
    const href = (await facebook.getAttribute("href")) ?? "";
    expect(href.startsWith("https://www.facebook.com/sharer/sharer.php?u=")).toBe(true);
    expect(decodeURIComponent(href.split("?u=")[1] ?? "")).toMatch(new RegExp(`^https?://[^/]+${address.pathname}$`));
    // The browser's own share sheet shows only where the browser has one.
    const native = await page.evaluate(() => typeof navigator.share === "function");
    await expect(share.getByRole("button", { name: "Partager" })).toBeVisible({ visible: native });
    // A network opens in a popup window, not in the page (the network's site is not reached here).
    await page.context().route(/facebook\.com/, (route) => route.fulfill({ status: 200, body: "shared" }));
    const popup = page.waitForEvent("popup");
    await facebook.click();
    expect((await popup).url()).toContain("facebook.com/sharer");
    await expect(page).toHaveURL(address.href);
    await share.getByRole("link", { name: "Copier le lien" }).click();
    await expect(page.locator(".clipboard-message")).toHaveText("Copié dans le presse-papiers");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`${address.pathname}$`));
    await expect(page).toHaveURL(address.href);
    await expect(page.locator(".clipboard-message")).toHaveCount(0, { timeout: 4_000 });
  });

  test("a news article and a birth list's page for its parents have the same controls", async ({
    page,
    customer,
    workerServer,
  }) => {
    await page.goto("/fr/news/les-soldes-d-hiver-commencent");
    await expect(
      page.getByRole("group", { name: "Partager cette page" }).getByRole("link", { name: "Copier le lien" }),
    ).toBeVisible();
    await giveBirthListTo(workerServer.database, customer, { name: "Naissance de Léo", parents: "Claire et Paul" });
    await signIn(page, customer.email, customer.password);
    await page.goto("/fr/birthlists/birthlist/mine");
    await page.locator(".birthlist-results a", { hasText: "Naissance de Léo" }).click();
    const share = page.getByRole("group", { name: "Partager cette page" });
    await expect(share.getByRole("link", { name: "Partager sur WhatsApp" })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/\?text=/,
    );
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sharing is plain links, and copying the link is the page's own address", async ({ page }) => {
    await page.goto("/fr/news/les-soldes-d-hiver-commencent");
    const share = page.getByRole("group", { name: "Partager cette page" });
    await expect(share.getByRole("link", { name: "Partager sur X" })).toHaveAttribute("target", "_blank");
    await expect(share.getByRole("link", { name: "Copier le lien" })).toHaveAttribute(
      "href",
      /\/fr\/news\/les-soldes-d-hiver-commencent$/,
    );
  });
});
