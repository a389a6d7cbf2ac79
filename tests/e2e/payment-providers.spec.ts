import { rmSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { closedPopupCookie, consentCookie } from "../support/e2e";
import { serverEnvironment } from "../support/e2e-server";
import { startFakeAdyen } from "../support/fake-adyen";
import { startFakeMollie } from "../support/fake-mollie";
import { freePort, ready, type Started, startServer } from "../support/processes";

/**
 * A shopper pays through each real provider's flow (issue 34), against local fakes of their APIs: the
 * production build with PAYMENT_PROVIDER=adyen (the Drop-in loaded on the payment page only, a card
 * paid and notified) and with PAYMENT_PROVIDER=mollie (iDEAL on Mollie's page, without JavaScript).
 */
const HMAC = "5B6C7D8E9F0A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6E7F8091A2B3C4D5E6F708";

async function shop(env: Record<string, string>): Promise<{ url: string; server: Started; database: string }> {
  const port = await freePort();
  const database = `data/e2e-pay-${Date.now()}-${port}.sqlite`;
  const server = startServer({ ...serverEnvironment(port, database), SEED_PRODUCTS: "20", ...env });
  await ready(server, "/readyz");
  return { url: server.url, server, database };
}

async function stop(started: { server: Started; database: string }) {
  started.server.child.kill("SIGTERM");
  await started.server.exited;
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${started.database}${suffix}`, { force: true });
}

/** From a product card to the payment step: a guest's cart, her address in `country`, `method` chosen. */
async function checkout(
  page: Page,
  base: string,
  options: { culture: string; country: string; method: string; javaScript: boolean },
) {
  const { culture, country, method, javaScript } = options;
  await page.goto(`${base}/${culture}/catalog?q=`);
  const add = page.locator("form[data-card-add-to-cart]").first();
  if (javaScript) await expect(page.locator("[data-connected~=ecommerce]").first()).toBeAttached({ timeout: 15_000 });
  await add.locator("button").click();
  if (javaScript) await expect(page.locator("dialog[open]")).toBeVisible();
  if (country !== "BE") {
    await page.goto(`${base}/${culture}/shoppingcarts`);
    await page.locator("#shipping-country").selectOption(country);
    await page.locator("form[data-cart-action=country] button").click();
    await expect(page.locator("#shipping-country")).toHaveValue(country);
  }
  await page.goto(`${base}/${culture}/checkout`);
  await expect(page.locator("[data-payment-method]")).toHaveCount(2);
  await page.locator("#checkout-email").fill("payer@example.test");
  const billing = {
    FirstName: "Anne",
    LastName: "Martin",
    Street1: "Rue Haute 10",
    PostalCode: "1000",
    City: "Bruxelles",
  };
  if (country === "NL") Object.assign(billing, { PostalCode: "3011", City: "Rotterdam" });
  for (const [name, value] of Object.entries(billing)) await page.locator(`[name='Billing.${name}']`).fill(value);
  await page.locator(`[name=PaymentMethod][value=${method}]`).check();
  await page.locator("[name=AcceptTerms]").check();
  await page.locator("[data-place-order]").click();
}

async function newPage(browser: Browser, base: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  await context.addCookies([consentCookie(base), closedPopupCookie(base)]);
  return { context, page: await context.newPage() };
}

test.describe("payment providers", () => {
  test.describe.configure({ mode: "serial" });

  test("Adyen: the Drop-in loads on the payment page only; a card pays and the notification confirms the order", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    let webhook = "";
    const adyen = await startFakeAdyen({
      apiKey: "AQE_e2e_key",
      merchantAccount: "VitrineECOM",
      hmacKey: HMAC,
      webhook: async (body) => {
        const response = await fetch(webhook, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
        await response.text();
        return response.status;
      },
    });
    const started = await shop({
      PAYMENT_PROVIDER: "adyen",
      ADYEN_API_KEY: "AQE_e2e_key",
      ADYEN_MERCHANT_ACCOUNT: "VitrineECOM",
      ADYEN_CLIENT_KEY: "test_E2EFAKECLIENTKEY",
      ADYEN_HMAC_KEY: HMAC,
      ADYEN_CHECKOUT_URL: adyen.url,
      ADYEN_SDK_URL: adyen.sdkUrl,
    });
    webhook = `${started.url}/api/v1/payments/webhooks`;
    const { context, page } = await newPage(browser, started.url, true);
    try {
      // Each request to Adyen's origin, with the page that made it.
      const fromAdyen: { path: string; page: string }[] = [];
      page.on("request", (request) => {
        if (request.url().startsWith(adyen.origin))
          fromAdyen.push({ path: new URL(request.url()).pathname, page: request.frame().url() });
      });
      const home = await page.goto(`${started.url}/fr`);
      expect(home?.headers()["content-security-policy"]).not.toContain(adyen.origin);
      await checkout(page, started.url, { culture: "fr", country: "BE", method: "card", javaScript: true });
      await expect(page).toHaveURL(/\/payment$/);
      const response = await page.reload();
      expect(response?.headers()["content-security-policy"]).toContain(adyen.origin);
      const dropin = page.locator("#dropin-container [data-fake-dropin]");
      await expect(dropin).toBeVisible();
      // Adyen Web came from Adyen's origin, for the payment page alone: the catalogue, cart and checkout loaded none of it.
      expect(fromAdyen.map((r) => r.path)).toEqual(expect.arrayContaining(["/sdk/adyen.js", "/sdk/adyen.css"]));
      expect(fromAdyen.filter((r) => !/\/payment$/.test(r.page))).toEqual([]);
      await dropin.locator("[name=number]").fill("4111111111111111");
      await dropin.locator("button[type=submit]").click();
      await expect(page).toHaveURL(/\/confirmation$/);
      await expect(page.locator("[data-order-status=Paid]")).toBeVisible();
    } finally {
      await context.close();
      await stop(started);
      await adyen.close();
    }
  });

  test("Mollie: iDEAL for a Dutch shopper without JavaScript, on Mollie's page and back to a paid order", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const mollie = await startFakeMollie({ apiKey: "test_e2eMollieKey0123456789abcdef" });
    const started = await shop({
      PAYMENT_PROVIDER: "mollie",
      MOLLIE_API_KEY: "test_e2eMollieKey0123456789abcdef",
      MOLLIE_API_URL: mollie.url,
    });
    const { context, page } = await newPage(browser, started.url, false);
    try {
      await checkout(page, started.url, { culture: "nl", country: "NL", method: "ideal", javaScript: false });
      // The payment step sends the shopper on to Mollie's checkout at once.
      await expect(page).toHaveURL(new RegExp(`^${mollie.url}/checkout/tr_`));
      await expect(page.locator("h1")).toContainText("ideal");
      await page.locator("button[value=paid]").click();
      await expect(page).toHaveURL(/\/confirmation$/);
      await expect(page.locator("[data-order-status=Paid]")).toBeVisible();
      expect(
        mollie.requests.some((r) => r.path === "/v2/payments" && (r.body as { method?: string }).method === "ideal"),
      ).toBe(true);
    } finally {
      await context.close();
      await stop(started);
      await mollie.close();
    }
  });
});
