import type { Page } from "@playwright/test";
import { giveAddress, withSqlite } from "../support/customers";
import { addFromCard, consentCookie, expect, reloadedBy, seriousViolations, signIn, test } from "../support/e2e";

async function fillAddress(page: Page, prefix: "Billing" | "Shipping", values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await page.locator(`[name='${prefix}.${name}']`).fill(value);
}

const ANNE = { FirstName: "Anne", LastName: "Martin", Street1: "Rue Haute 10", PostalCode: "1000", City: "Bruxelles" };

test("a guest checks out with home delivery in French and pays with a test card", async ({
  page,
  browser,
  baseURL,
  workerServer,
}) => {
  test.setTimeout(180_000);
  await addFromCard(page, "fr");
  await page.goto("/fr/shoppingcarts");
  await expect(page.locator("[data-cart-line]")).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  // Quantity change through the API, then the page reloads with the server's amounts.
  const total = await page.locator(".cart-totals [data-cart-total]").textContent();
  await page.locator("[data-cart-line] input[name=Quantity]").fill("2");
  await page.locator("[data-cart-line] form[data-cart-action=quantity] button").click();
  await expect(page.locator(".cart-totals [data-cart-total]")).not.toHaveText(total ?? "");
  await expect(page.locator("[data-cart-line] input[name=Quantity]")).toHaveValue("2");

  // A coupon: the notice survives the reload, the discount shows.
  await page.locator("#coupon-code").fill("bienvenue10");
  // The reloaded page's postal code field suggests once its shell runs: typing does not wait for it.
  await reloadedBy(page, () => page.locator("form[data-cart-action=coupon] button").click());
  await expect(page.locator("[data-cart-notice=success]")).toBeVisible();
  await expect(page.locator("[data-cart-discount]")).toBeVisible();

  // Postal code suggestions from 4 characters.
  await page.locator("#postal-code").fill("1000");
  await expect(page.locator("#postal-code-suggestions option[value='1000']")).toBeAttached();
  await expect(page.locator("[data-city-status]")).toHaveText("");
  await page.locator("#postal-code").fill("zzzz");
  await expect(page.locator("[data-city-status]")).toHaveText("Aucune ville trouvée");
  await page.locator("#postal-code").fill("zzz");
  await expect(page.locator("[data-city-status]")).toHaveText("");

  await page.locator("[data-begin-checkout]").click();
  await expect(page).toHaveURL(/\/fr\/checkout/);
  await expect(page.locator("html")).not.toHaveAttribute("aria-busy", "true");
  await expect(page.locator("html")).not.toHaveClass(/is-changing|is-animating|is-rendering/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.locator("#checkout-email").fill("anne@example.test");
  await fillAddress(page, "Billing", ANNE);
  await page.locator("[name=AcceptTerms]").check();
  await page.locator("[data-place-order]").click();

  await expect(page).toHaveURL(/\/fr\/sales\/order\/VT-[0-9A-F]+\/payment/);
  const form = page.locator("#dropin-container [data-card-form]");
  await expect(form).toBeVisible();
  await form.locator("[name=number]").fill("4000 0000 0000 0002");
  await form.locator("[name=expiry]").fill("12/39");
  await form.locator("[name=cvc]").fill("737");
  await form.locator("[data-pay]").click();
  await expect(form.locator("[data-payment-error]")).toBeVisible();

  await form.locator("[name=number]").fill("4111 1111 1111 1111");
  await form.locator("[data-pay]").click();
  await expect(page).toHaveURL(/\/confirmation$/);
  await expect(page.locator("[data-order-status=Paid]")).toBeVisible();
  // The confirmation is a new page: its tracking runs once its scripts start, after the first paint.
  await expect
    .poll(() =>
      page.evaluate(() =>
        ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).map((e) => e.event),
      ),
    )
    .toContain("purchase");
  const confirmation = new URL(page.url()).pathname;
  // Told once: a reload does not count the sale again.
  await page.reload();
  await expect(page.locator("[data-order-status=Paid]")).toBeVisible();
  await expect(page.locator("[data-track-event]")).toHaveCount(0);
  await page.goto("/fr/shoppingcarts");
  await expect(page.locator("[data-cart-empty]")).toBeVisible();

  // Her mail's link in another browser: the key opens the order there, then leaves the address at once.
  const number = /VT-[0-9A-F]+/.exec(confirmation)?.[0] ?? "";
  const key = withSqlite(workerServer.database, (db) => {
    const row = db.prepare("select access_key from orders where number = ?").get(number) as { access_key: string };
    return row.access_key;
  });
  const elsewhere = await browser.newContext();
  // A visitor who answered the consent prompt (its dialog would stand over the form).
  await elsewhere.addCookies([consentCookie(String(baseURL))]);
  try {
    const other = await elsewhere.newPage();
    expect((await other.goto(`${confirmation}?key=${key}`))?.status()).toBe(200);
    expect(new URL(other.url()).pathname + new URL(other.url()).search).toBe(confirmation);
    await expect(other.locator("[data-order-status=Paid]")).toBeVisible();
    // Told to analytics once, in the browser she bought in.
    await expect(other.locator("[data-track-event]")).toHaveCount(0);
    // Opened again from there, without the key: the session keeps it open.
    expect((await other.goto(confirmation))?.status()).toBe(200);
    // Her mail's other link: the withdrawal form, for a guest too; sent, it says so.
    const withdrawal = `/fr/account/orders/${number}/withdrawal`;
    await other.goto(`${withdrawal}?key=${key}`);
    expect(new URL(other.url()).pathname + new URL(other.url()).search).toBe(withdrawal);
    await other.locator("[data-withdrawal-form] input[type=checkbox]").first().check();
    await expect(other.locator("#withdrawal-name")).toHaveValue("Anne Martin");
    await other.locator("[data-withdrawal-form] button[type=submit]").click();
    await expect(other).toHaveURL(new RegExp(`${withdrawal}\\?withdrawn=1$`));
    await expect(other.locator(".notice--success[role=status]")).toBeVisible();
  } finally {
    await elsewhere.close();
  }
  const stranger = await browser.newContext();
  try {
    const page3 = await stranger.newPage();
    expect((await page3.goto(confirmation))?.status()).toBe(404);
    expect((await page3.goto(`${confirmation}?key=${key.slice(1)}x`))?.status()).toBe(404);
  } finally {
    await stranger.close();
  }
});

test.describe("a business customer in Dutch (as Jan in the demo shop)", () => {
  test.use({ customerCulture: "nl", customerBusiness: true });

  test("picks a pickup point in the modal and passes the card challenge", async ({ page, customer, workerServer }) => {
    test.setTimeout(180_000);
    giveAddress(workerServer.database, customer, "NL");
    await page.goto("/nl/security/login");
    await page.locator("[name=Email]").fill(customer.email);
    await page.locator("[name=Password]").fill(customer.password);
    await page.locator("[name=Password]").press("Enter");
    await expect(page).not.toHaveURL(/login/);
    await addFromCard(page, "nl");
    await page.goto("/nl/checkout");
    // The change reloads the page; its opener opens the modal once the new page's shell has started.
    const store = page.locator("input[name=ShippingMethodId][data-kind=store]");
    if (!(await store.isChecked())) await reloadedBy(page, () => store.check());
    await page.locator("[data-pickup-open]").click();
    const modal = page.locator("dialog[open] [data-pickup-search]");
    await expect(modal).toBeVisible();
    await expect(modal.locator("[data-pickup-point]").first()).toBeVisible();
    await modal.locator("[name=postCode]").fill("2000");
    await modal.locator("[data-pickup-query] button[type=submit]").click();
    // The search reloads the list (a full page without JavaScript, here too it stays usable).
    await expect(page.locator("[data-pickup-point]").first()).toBeVisible();
    expect(await seriousViolations(page, { include: "[data-pickup-search]" })).toEqual([]);
    await page.goto(`/nl/checkout`);
    await page.locator("[data-pickup-open]").click();
    await expect(page.locator("dialog[open] [data-pickup-search]")).toBeVisible();
    await expect(page.locator("dialog[open] [data-pickup-select]")).toBeDisabled();
    // The point is chosen on the map: a marker (MapLibre, loaded with the modal) activates its entry.
    await expect(page.locator("dialog[open] [data-pickup-map]")).toHaveAttribute("data-map-ready", "true");
    const marker = page.locator("dialog[open] [data-pickup-marker]").last();
    await expect(marker).toBeVisible({ timeout: 15_000 });
    const markerId = await marker.getAttribute("data-pickup-marker");
    await marker.click();
    await expect(page.locator("dialog[open] [data-pickup-select]")).toBeEnabled();
    const entry = page.locator(`dialog[open] [data-pickup-point="${markerId}"]`);
    await expect(entry).toHaveClass(/is-active/);
    await expect(entry.locator("[data-pickup-entry]")).toHaveAttribute("aria-pressed", "true");
    const chosenName = (await entry.locator("strong").first().textContent()) ?? "";
    await page.locator("dialog[open] [data-pickup-select]").click();
    await expect(page.locator("[data-pickup-chosen]")).toContainText(chosenName.trim());

    await page.locator("[name=AcceptTerms]").check();
    await page.locator("[data-place-order]").click();
    await expect(page).toHaveURL(/\/nl\/sales\/order\/VT-[0-9A-F]+\/payment/);
    const form = page.locator("#dropin-container [data-card-form]");
    await form.locator("[name=number]").fill("4000000000003220");
    await form.locator("[name=expiry]").fill("12/39");
    await form.locator("[name=cvc]").fill("737");
    await form.locator("[data-pay]").click();
    await expect(page.locator("[data-challenge-confirm]")).toBeVisible();
    await page.locator("[data-challenge-confirm]").click();
    await expect(page.locator("[data-order-status=Paid]")).toBeVisible();
    await expect(page.locator("[data-order-delivery]")).toContainText("Vitrine");

    await page.goto("/nl/account/orders");
    await page.locator("[data-orders] a").first().click();
    await page.locator("form[data-readd] button").first().click();
    await expect(page.locator("[data-flash]")).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a guest changes the cart, checks out and pays on the hosted page", async ({ page }) => {
    test.setTimeout(180_000);
    await addFromCard(page, "es", false);
    await page.goto("/es/shoppingcarts");
    await expect(page.locator("[data-cart-line]")).toHaveCount(1);
    await page.locator("#shipping-country").selectOption("NL");
    await page.locator("form[data-cart-action=country] button").click();
    await expect(page.locator("#shipping-country")).toHaveValue("NL");
    await page.locator("#coupon-code").fill("HIVER2025");
    await page.locator("form[data-cart-action=coupon] button").click();
    await expect(page.locator("[data-flash]")).toBeVisible();
    await page.goto("/es/checkout");
    await page.locator("#checkout-email").fill("lola@example.test");
    await fillAddress(page, "Billing", { ...ANNE, PostalCode: "3011", City: "Rotterdam" });
    await page.locator("#Billing-CountryId").selectOption({ label: "Países Bajos" });
    await page.locator("[name=AcceptTerms]").check();
    await page.locator("[data-place-order]").click();
    await expect(page).toHaveURL(/\/payment$/);
    await page.locator("[data-hosted-link] a").click();
    await page.locator("[name=number]").fill("4111111111111111");
    await page.locator("[name=expiry]").fill("12/39");
    await page.locator("[name=cvc]").fill("737");
    await page.locator("[data-pay]").click();
    await expect(page.locator("[data-order-status=Paid]")).toBeVisible();
  });
});

test("the mini-cart shows the lines, changes a quantity and removes a line in place", async ({ page }) => {
  await addFromCard(page, "fr");
  await page.keyboard.press("Escape");
  await page.locator("[data-mini-cart-toggle]").click();
  const panel = page.locator("[data-mini-cart-panel]");
  await expect(panel.locator("[data-cart-line]")).toHaveCount(1);
  await panel.locator("input[name=Quantity]").fill("2");
  await panel.locator("form[data-cart-action=quantity] button").click();
  await expect(page.locator("[data-cart-count]")).toHaveText("2");
  await expect(panel.locator("input[name=Quantity]")).toHaveValue("2");
  // The panel reloads its lines after each change; act on the reloaded ones.
  await page.waitForLoadState("networkidle");
  await panel.locator("form[data-cart-action=remove] button").click();
  await expect(page.locator("[data-cart-count]")).toHaveText("0");
  await expect(panel.locator("[data-cart-line]")).toHaveCount(0);
});

test("a customer's coupon list opens in a large modal (the spec's size name)", async ({ page, customer }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, customer.email, customer.password);
  await addFromCard(page, "fr");
  await page.goto("/fr/shoppingcarts");
  await page.locator("[data-coupon-list]").click();
  const modal = page.locator("dialog#shell-modal[open]");
  await expect(modal).toHaveClass(/modal--lg/);
  // Wider than the default modal (560 px).
  expect((await modal.boundingBox())?.width ?? 0).toBeGreaterThan(800);
});

test("an order placed before the checkout's script arrived is placed, not lost", async ({
  page,
  customer,
  workerServer,
}) => {
  giveAddress(workerServer.database, customer, "BE");
  await signIn(page, customer.email, customer.password);
  await addFromCard(page, "fr");
  // A slow network: the checkout's behaviour (loaded on first use) arrives a second after the first tap.
  await page.route("**/checkout.controller.*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto("/fr/checkout");
  await page.locator("[name=AcceptTerms]").check();
  await page.locator("[data-place-order]").click();
  await expect(page).toHaveURL(/\/fr\/sales\/order\/VT-[0-9A-F]+\/payment/, { timeout: 10_000 });
});
