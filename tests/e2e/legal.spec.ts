import type { Page } from "@playwright/test";
import { giveAfterSaleTo } from "../support/customers";
import { addFromCard, expect, seriousViolations, signIn, test } from "../support/e2e";

/**
 * The legal pages a European shop must show (issue 36): reached by key from the footer in every culture,
 * the terms from the checkout's box in a modal (a new tab without JavaScript), the privacy notice's
 * cookie list, and the EU model withdrawal form sent from an order page.
 */
const CULTURES = ["fr", "nl", "es", "de", "it", "pt"];
const KEYS = ["terms", "privacy", "withdrawal", "legal-notice"];

test("the footer links the four legal pages in every culture, each served by key with its own canonical address", async ({
  request,
  baseURL,
}) => {
  const home = await (await request.get("/nl/")).text();
  for (const key of KEYS) expect(home).toContain(`href="/nl/legal/${key}"`);
  for (const culture of CULTURES)
    for (const key of KEYS) {
      const response = await request.get(`/${culture}/legal/${key}`);
      expect(response.status(), `/${culture}/legal/${key}`).toBe(200);
      const html = await response.text();
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="${baseURL}/${culture}/pages/[a-z-]+"`));
      // A placeholder the operator must replace, said as such.
      expect(html).toMatch(/<strong>[^<]*\[|\[[^\]]+\]/);
    }
  expect((await request.get("/fr/legal/cookies")).status()).toBe(404);
});

test("the privacy notice lists the cookies per consent category from the consent configuration", async ({ page }) => {
  await page.goto("/fr/legal/privacy");
  const list = page.locator("[data-cookie-list]");
  await expect(list.locator("[data-cookie-category-list=necessary] [data-cookie=vitrine_sid]")).toBeVisible();
  await expect(list.locator("[data-cookie-category-list=necessary] [data-cookie=CookieConsent]")).toBeVisible();
  await expect(list.locator("[data-cookie-category-list=preferences] [data-cookie=PopupMemory]")).toBeVisible();
  await expect(list.locator("[data-cookie-category-list=preferences] [data-cookie=Location]")).toContainText(
    "30 jours",
  );
  await expect(list.locator("[data-cookie-category-list=marketing]")).toContainText("YouTube");
  expect(await seriousViolations(page)).toEqual([]);
});

async function checkoutTermsLink(page: Page) {
  await addFromCard(page, "fr");
  await page.goto("/fr/checkout");
  return page.locator("[data-terms-link]");
}

test("the checkout's terms link opens the terms in a modal and keeps the order form", async ({ page }) => {
  const link = await checkoutTermsLink(page);
  await link.click();
  const modal = page.locator("dialog#shell-modal[open]");
  await expect(modal).toBeVisible();
  await expect(modal.locator("h1")).toHaveText("Conditions générales de vente");
  await expect(modal).toContainText("Droit de rétractation");
  await modal.locator("[data-modal-close]").click();
  await expect(page).toHaveURL(/\/fr\/checkout$/);
  await expect(page.locator("[name=AcceptTerms]")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the terms open in a new tab and the checkout stays as it was", async ({ page, context }) => {
    await addFromCard(page, "de", false);
    await page.goto("/de/checkout");
    const tab = context.waitForEvent("page");
    await page.locator("[data-terms-link]").click();
    const terms = await tab;
    await terms.waitForLoadState();
    expect(new URL(terms.url()).pathname).toBe("/de/legal/terms");
    await expect(terms.locator("h1")).toHaveText("Allgemeine Geschäftsbedingungen");
    await expect(page).toHaveURL(/\/de\/checkout$/);
  });

  test("a shopper withdraws from a line of her paid order with the model form, and the order page says so", async ({
    page,
    customer,
    workerServer,
  }) => {
    const [paid] = await giveAfterSaleTo(workerServer.database, customer);
    await signIn(page, customer.email, customer.password);
    await page.goto(`/fr/account/orders/${paid}`);
    await page.getByRole("link", { name: "Me rétracter" }).click();
    await expect(page.locator("h1")).toHaveText("Formulaire de rétractation");
    const boxes = page.locator("[data-withdrawal-form] input[type=checkbox]");
    expect(await boxes.count()).toBeGreaterThan(1);
    await expect(page.locator("#withdrawal-name")).not.toHaveValue("");
    // A reception date in the future is refused by the field itself (the server refuses it too: withdrawal.test.ts).
    await page.locator("#withdrawal-received").fill("2999-01-01");
    await page.locator("#withdrawal-name").fill("Marie Test");
    await page.locator("[data-withdrawal-form] button[type=submit]").click();
    await expect(page).toHaveURL(new RegExp(`/fr/account/orders/${paid}/withdrawal$`));
    await expect(page.locator("#withdrawal-name")).toHaveValue("Marie Test");
    await page.locator("#withdrawal-received").fill("");
    await boxes.nth(1).uncheck();
    await page.locator("[data-withdrawal-form] button[type=submit]").click();
    await expect(page).toHaveURL(new RegExp(`/fr/account/orders/${paid}\\?withdrawn=1`));
    await expect(page.locator("[data-order-withdrawals] [role=status]")).toBeVisible();
    await expect(page.locator("[data-withdrawal]")).toHaveCount(1);
  });
});

/** The last link the outbox holds for an address (the development outbox page, on in the e2e server). */
async function mailedLink(page: Page, email: string, path: string): Promise<string> {
  const outbox = await page.context().newPage();
  await outbox.goto("/dev/mails");
  const text =
    (await outbox
      .locator("[data-mail]", { hasText: `To ${email}` })
      .filter({ hasText: path })
      .first()
      .locator("pre")
      .textContent()) ?? "";
  await outbox.close();
  const url = new URL(/https?:\/\/\S+/.exec(text)?.[0] ?? "http://none/");
  return url.pathname + url.search;
}

test.describe("a shopper's own data, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("she downloads her data, then closes her account from the mailed link, and her password no longer signs in", async ({
    page,
    customer,
  }) => {
    await signIn(page, customer.email, customer.password);
    await page.goto("/fr/account");
    await page.getByRole("link", { name: "Mes données" }).first().click();
    await expect(page).toHaveURL(/\/fr\/account\/privacy$/);
    const download = page.waitForEvent("download");
    await page.locator("[data-export-link]").click();
    const file = await (await download).path();
    const data = JSON.parse(await (await import("node:fs/promises")).readFile(file as string, "utf8"));
    expect(data.Account.email).toBe(customer.email);

    await page.locator("[name=Password]").fill("not my password");
    await page.locator("[data-closure-form] button[type=submit]").click();
    await expect(
      page.locator("[data-closure-form] .form-error, [data-closure-form] [id$=-error]").first(),
    ).not.toBeEmpty();
    await page.locator("[name=Password]").fill(customer.password);
    await page.locator("[data-closure-form] button[type=submit]").click();
    await expect(page.locator("[data-closure-sent]")).toBeVisible();

    await page.goto(await mailedLink(page, customer.email, "/fr/account/close"));
    await expect(page.locator("[data-close-form]")).toBeVisible();
    await page.locator("[data-close-form] button[type=submit]").click();
    await expect(page.locator("[data-account-closed]")).toBeVisible();
    await page.goto("/fr/account");
    await expect(page).toHaveURL(/\/fr\/security\/login/);
    await page.locator("[name=Email]").fill(customer.email);
    await page.locator("[name=Password]").fill(customer.password);
    await page.locator("[name=Password]").press("Enter");
    await expect(page).toHaveURL(/\/fr\/security\/login/);
  });
});
