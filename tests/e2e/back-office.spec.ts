import type { Browser, Page } from "@playwright/test";
import { giveAfterSaleTo } from "../support/customers";
import { consentCookie, expect, secondFactor, seriousViolations, signIn, test } from "../support/e2e";

/** Axe once a swap has ended (a page checked while swup swaps it in holds both pages' ids). */
async function axe(page: Page) {
  await expect(page.locator("html")).not.toHaveAttribute("aria-busy", "true");
  return seriousViolations(page);
}

/** A staff member signed in on a tablet without JavaScript: the pages are forms and links. */
async function staffWithoutJavaScript(
  browser: Browser,
  baseURL: string,
  staff: { email: string; password: string; totpSecret?: string },
) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 768, height: 1024 },
  });
  await context.addCookies([consentCookie(baseURL)]);
  const page = await context.newPage();
  await page.goto("/fr/security/login");
  await page.locator("[name=Email]").fill(staff.email);
  await page.locator("[name=Password]").fill(staff.password);
  await page.locator("[name=Password]").press("Enter");
  if (staff.totpSecret) await secondFactor(page, staff.totpSecret);
  await expect(page).not.toHaveURL(/login/);
  return { context, page };
}

/** Issue 35: the staff pages work without JavaScript, in the staff member's language, and pass axe. */
test.describe("the back office", () => {
  test("staff find a paid order, ship it without JavaScript, and the shopper's order page shows the parcel", async ({
    browser,
    baseURL,
    staff,
    customer,
    workerServer,
  }) => {
    const [paid] = await giveAfterSaleTo(workerServer.database, customer);
    // A tablet without JavaScript: the pages are forms and links.
    const { context, page } = await staffWithoutJavaScript(browser, baseURL as string, staff);
    await page.goto("/fr/staff/orders");
    await page.getByLabel("Numéro ou e-mail").fill(paid);
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(page.locator("[data-order]")).toHaveCount(1);
    await page.getByRole("link", { name: paid }).click();
    await expect(page.locator("[data-staff-order]")).toHaveAttribute("data-status", "Paid");
    const ship = page.locator("[data-ship-form]");
    await ship.getByLabel("Transporteur").fill("bpost");
    await ship.getByLabel("Numéro de suivi").fill("CD998877665BE");
    await ship.getByLabel("Lien de suivi").fill("https://track.bpost.be/CD998877665BE");
    await ship.getByRole("button", { name: "Expédier" }).click();
    await expect(page.locator("[data-staff-done]")).toBeVisible();
    await expect(page.locator("[data-staff-order]")).toHaveAttribute("data-status", "Shipped");
    await expect(page.locator("[data-ship-form]")).toHaveCount(0);
    await context.close();

    const shopper = await browser.newPage({ baseURL });
    await shopper.context().addCookies([consentCookie(baseURL as string)]);
    await signIn(shopper, customer.email, customer.password);
    await shopper.goto(`/fr/account/orders/${paid}`);
    await expect(shopper.locator("[data-shipment]")).toContainText("bpost CD998877665BE");
    await expect(shopper.getByRole("link", { name: "Suivre le colis" })).toHaveAttribute(
      "href",
      "https://track.bpost.be/CD998877665BE",
    );
    await shopper.close();
  });

  test("staff import a CSV and see the report, edit the product's price, and create a token shown once", async ({
    page,
    owner,
  }) => {
    await signIn(page, owner.email, owner.password, "fr", owner.totpSecret);
    await page.goto("/fr/staff/import");
    expect(await axe(page)).toEqual([]);
    const key = `E2E-${Date.now()}`;
    // In an existing category: one left out would go to a new "Non classé" in every page's menu, and the
    // screenshots of the pages after this test on its worker (screens.spec.ts) would show it.
    const csv = `product_key,sku,name.fr,name.nl,category,price,stock.BRU\n${key},${key}-1,Plaid en laine ${key},Wollen plaid,care,49.90,5\n`;
    await page
      .getByLabel("Fichier CSV")
      .setInputFiles({ name: "catalogue.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Importer", exact: true }).click();
    await expect(page.locator("[data-import-applied]")).toHaveAttribute("data-import-applied", "true");
    await expect(page.locator("[data-import-applied]")).toContainText("1 lignes : 1 créées");
    await page.goto(`/fr/staff/products?q=${key}`);
    await expect(page.locator(`[data-product="${key}"]`)).toHaveCount(1);
    await page.getByRole("link", { name: `Plaid en laine ${key}` }).click();
    await expect(page.locator(`[data-staff-product="${key}"]`)).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await page.getByLabel("Prix HTVA (EUR)").fill("0");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.locator("[data-staff-failure]")).toContainText("Entrez un prix en euros");
    await expect(page.getByLabel("Prix HTVA (EUR)")).toHaveValue("0");
    await page.getByLabel("Prix HTVA (EUR)").fill("44.90");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    // Saved (a pattern rendered without its backslashes once kept the browser from sending any price).
    await expect(page.locator(".notice--success")).toBeVisible();
    await expect(page.getByLabel("Prix HTVA (EUR)")).toHaveValue("44.90");
    await page.goto("/fr/staff/tokens");
    await page.getByLabel("Nom").fill("erp e2e");
    await page.getByLabel("orders:read").check();
    await page.getByRole("button", { name: "Créer" }).click();
    await expect(page.locator("[data-created-token] .staff-secret")).toHaveText(/^vt_/);
  });

  test("staff make a delivery method and a shop's pickup point; a price it cannot read is named and nothing is lost", async ({
    page,
    owner,
  }) => {
    await signIn(page, owner.email, owner.password, "fr", owner.totpSecret);
    await page.goto("/fr/staff/shipping");
    expect(await axe(page)).toEqual([]);
    // Portugal only: the other tests' shoppers (Belgium, the Netherlands, France) are offered nothing new.
    const method = page.locator("[data-method-form]");
    await method.getByLabel("Code", { exact: true }).fill("express-pt");
    await method.getByLabel("Nom (français)").fill("Express Portugal");
    await method.getByLabel("Prix HTVA (EUR) Portugal").fill("douze");
    await method.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.locator("[data-staff-error]")).toContainText("Entrez un prix en euros");
    await expect(method.getByLabel("Nom (français)")).toHaveValue("Express Portugal");
    await method.getByLabel("Prix HTVA (EUR) Portugal").fill("12,50");
    await method.getByLabel("Gratuit dès (EUR TTC) Portugal").fill("150");
    await method.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.locator("[data-staff-done]")).toBeVisible();
    await expect(page.locator('[data-method="express-pt"]')).toContainText("PT 12,50 € (gratuit dès 150,00 €)");
    // Inactive from the start: the pickup finder's searches in the other tests stay as they were.
    const point = page.locator("[data-point-form]");
    await point.getByLabel("Code", { exact: true }).fill("lisboa");
    await point.getByLabel("Nom", { exact: true }).fill("Atelier Lisboa");
    await point.getByLabel("Rue et numéro").fill("Rua Augusta 1");
    await point.getByLabel("Code postal").fill("1100-053");
    await point.getByLabel("Ville").fill("Lisboa");
    await point.getByLabel("Pays").selectOption("PT");
    await point.getByLabel("Horaires").fill("1-6 10:00-19:00;7 closed");
    await point.getByLabel("Latitude").fill("38.7101");
    await point.getByLabel("Longitude").fill("-9.1366");
    await point.getByLabel("Actif").uncheck();
    await point.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.locator('[data-point="lisboa"]')).toContainText("1100-053 Lisboa (PT)");
  });

  test("staff make a coupon without JavaScript; a customer it cannot find is named and what was typed stays", async ({
    browser,
    baseURL,
    page: scripted,
    owner,
  }) => {
    await signIn(scripted, owner.email, owner.password, "fr", owner.totpSecret);
    await scripted.goto("/fr/staff/coupons");
    expect(await axe(scripted)).toEqual([]);
    const { context, page } = await staffWithoutJavaScript(browser, baseURL as string, owner);
    await page.goto("/fr/staff/coupons");
    const form = page.locator("[data-coupon-form]");
    await form.getByLabel("Code", { exact: true }).fill("noel-e2e");
    await form.getByLabel("Remise").fill("12,5");
    await form.getByLabel("Dès un total de (EUR TTC)").fill("30");
    await form.getByLabel("Au", { exact: true }).fill("2099-12-31");
    await form.getByLabel("Par client au plus").fill("1");
    await form.getByLabel("Pour un seul client (e-mail)").fill("nobody@example.org");
    await form.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.locator("[data-staff-error]")).toHaveText("Aucun client n'a l'adresse nobody@example.org.");
    await expect(form.getByLabel("Remise")).toHaveValue("12,5");
    await form.getByLabel("Pour un seul client (e-mail)").fill("");
    await form.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.locator("[data-staff-done]")).toBeVisible();
    await expect(page.locator('[data-coupon="NOEL-E2E"]')).toContainText("12,5 % (dès 30,00 €)");
    await expect(page.locator('[data-coupon="NOEL-E2E"]')).toContainText("31 déc. 2099");
    await context.close();
  });

  test("the owner invites an assistant without JavaScript, a bad address is named, and withdraws the invitation", async ({
    browser,
    baseURL,
    owner,
  }) => {
    const { context, page } = await staffWithoutJavaScript(browser, baseURL as string, owner);
    await page.goto("/fr/staff/team");
    const form = page.locator("[data-invite-form]");
    await form.getByLabel("E-mail").fill("not-an-address");
    await form.getByRole("button", { name: "Inviter" }).click();
    await expect(page.locator("[data-staff-error]")).toBeVisible();
    await expect(form.getByLabel("E-mail")).toHaveValue("not-an-address");
    const email = `assistant-${Date.now()}@example.org`;
    await form.getByLabel("E-mail").fill(email);
    await form.getByRole("radio", { name: /^Vendeur/ }).check();
    await form.getByRole("button", { name: "Inviter" }).click();
    await expect(page.locator("[data-staff-done]")).toBeVisible();
    const row = page.locator(`[data-invitation="${email}"]`);
    await expect(row).toContainText("Vendeur");
    await row.getByRole("button", { name: `Retirer ${email}` }).click();
    await expect(page.locator(`[data-invitation="${email}"]`)).toHaveCount(0);
    await context.close();
  });

  test("the owner adds a country and sets a rate without JavaScript; a rate it cannot read is named", async ({
    browser,
    baseURL,
    owner,
  }) => {
    const { context, page } = await staffWithoutJavaScript(browser, baseURL as string, owner);
    await page.goto("/fr/staff/countries");
    const add = page.locator("[data-add-country]");
    await add.getByLabel("Ajouter un pays").selectOption("AT");
    await add.getByRole("button", { name: "Ajouter" }).click();
    await expect(page.locator("[data-staff-done]")).toBeVisible();
    const austria = page.locator('[data-country="AT"]');
    await expect(austria.getByLabel("Réduit (%) AT (%)", { exact: true })).toHaveValue("10");
    await austria.getByLabel("Normal (%) AT (%)", { exact: true }).fill("vingt");
    await austria.getByRole("button", { name: "Enregistrer AT" }).click();
    await expect(page.locator("[data-staff-error]")).toContainText("Entrez un taux en pour cent");
    await expect(page.locator('[data-country="AT"]').getByLabel("Normal (%) AT (%)", { exact: true })).toHaveValue(
      "vingt",
    );
    await page.locator('[data-country="AT"]').getByLabel("Normal (%) AT (%)", { exact: true }).fill("19,5");
    await page.locator('[data-country="AT"]').getByRole("button", { name: "Enregistrer AT" }).click();
    await expect(page.locator("[data-staff-done]")).toBeVisible();
    await expect(page.locator('[data-country="AT"]').getByLabel("Normal (%) AT (%)", { exact: true })).toHaveValue(
      "19,5",
    );
    // Put back what other tests of this worker's shop expect: Austria not sold to.
    await page.locator('[data-country="AT"]').getByLabel("Vendu AT").uncheck();
    await page.locator('[data-country="AT"]').getByRole("button", { name: "Enregistrer AT" }).click();
    await expect(page.locator("[data-staff-done]")).toBeVisible();
    await context.close();
  });

  test("the other staff pages pass axe: tokens, webhooks, the team, the settings, countries, the dashboard, customers, delivery changes, the orders in Dutch, an order", async ({
    page,
    owner,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, owner.email, owner.password, "fr", owner.totpSecret);
    for (const path of [
      "/fr/staff/tokens",
      "/fr/staff/webhooks",
      "/fr/staff/team",
      "/fr/staff/settings",
      "/fr/staff/countries",
      "/fr/staff",
      "/fr/staff/deliverychanges",
      "/nl/staff/orders",
    ]) {
      await page.goto(path);
      expect(await axe(page), path).toEqual([]);
    }
    // An order of the demo shop's, with its ship, refund and cancel forms.
    await page.locator("[data-order] a").first().click();
    await expect(page.locator("[data-staff-order]")).toBeVisible();
    expect(await axe(page), "an order").toEqual([]);
    // A customer found by a part of her company's name, then her page with her orders.
    await page.goto("/fr/staff/customers?q=peeters");
    expect(await axe(page), "customers").toEqual([]);
    await page.locator('[data-customer="jan@vitrine.test"] a').click();
    await expect(page.locator("[data-vat-number]")).toHaveText("BE0403019261");
    expect(await axe(page), "a customer").toEqual([]);
  });

  test("a shopper gets 403 on the staff pages, a guest the sign-in page", async ({ page, customer }) => {
    const guest = await page.goto("/fr/staff/orders");
    expect(guest?.url()).toContain("/security/login");
    await signIn(page, customer.email, customer.password);
    const answer = await page.goto("/fr/staff/import");
    expect(answer?.status()).toBe(403);
    await expect(page.locator("body")).toContainText("Cette action n'est pas autorisée.");
  });
});
