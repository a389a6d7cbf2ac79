import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { giveAfterSaleTo, type TestCustomer } from "../support/customers";
import { expect, seriousViolations, signIn, swupStarted, test } from "../support/e2e";

/** The demo's after-sale history (Marie's) given to the test's customer, signed in on its paid order. */
async function openPaidOrder(page: Page, customer: TestCustomer, database: string) {
  const [paid, shipped] = await giveAfterSaleTo(database, customer);
  await signIn(page, customer.email, customer.password);
  await page.goto(`/fr/account/orders/${paid}`);
  return { paid, shipped };
}

async function axe(page: Page) {
  await expect(page.locator("html")).not.toHaveAttribute("aria-busy", "true");
  return seriousViolations(page);
}

test("a customer asks a refund for part of a paid order, with live amounts and the IBAN block for a transfer", async ({
  page,
  customer,
  workerServer,
}) => {
  const { paid } = await openPaidOrder(page, customer, workerServer.database);
  await expect(page.locator("[data-order-refund]")).toHaveCount(1);
  await page.getByRole("link", { name: "Demander un remboursement" }).click();
  await expect(page).toHaveURL(new RegExp(`/fr/sales/order/${paid}/refund$`));
  expect(await axe(page)).toEqual([]);
  const rows = page.locator("[data-refund-line]");
  // One unit of the first line was already asked back: one is left of two.
  await expect(rows.first().locator("select option")).toHaveCount(2);
  const unit = Number(await rows.nth(1).getAttribute("data-unit"));
  await rows.nth(1).locator("select").selectOption("1");
  const expected = new Intl.NumberFormat("fr", { style: "currency", currency: "EUR" }).format(unit / 100);
  await expect(rows.nth(1).locator("[data-refund-amount]")).toHaveText(expected);
  await expect(page.locator("[data-refund-total]")).toHaveText(expected);
  await expect(page.locator("[data-refund-items]")).toHaveText("Articles : 1");
  await expect(page.locator("[data-iban-block]")).toBeHidden();
  await page.getByLabel("Virement bancaire").check();
  await expect(page.locator("[data-iban-block]")).toBeVisible();
  await page.locator("#refund-iban").fill("BE00 1234");
  await page.locator("#refund-holder").fill("Marie Dubois");
  await page.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(page.locator("#refund-iban-error")).toHaveText("Cet IBAN n'est pas valide.");
  await expect(page.locator("#refund-holder")).toHaveValue("Marie Dubois");
  await page.locator("#refund-iban").fill("BE68 5390 0754 7034");
  await page.locator("[data-refund-line]").nth(1).locator("select").selectOption("1");
  await page.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(page).toHaveURL(/\/fr\/account\/refunds\?done=1$/);
  await expect(page.locator("[data-refund-sent]")).toBeVisible();
  await expect(page.locator("[data-refund-request]")).toHaveCount(2);
  expect(await axe(page)).toEqual([]);
});

test("a customer asks a new delivery address in a modal: errors shown again, success noticed, the button then disabled", async ({
  page,
  customer,
  workerServer,
}) => {
  const { paid, shipped } = await openPaidOrder(page, customer, workerServer.database);
  await page.goto(`/fr/account/orders/${shipped}`);
  await expect(page.locator("[data-delivery-change-closed]")).toBeVisible();
  await page.goto(`/fr/account/orders/${paid}`);
  const block = page.locator("#delivery-change");
  const trigger = block.getByRole("button", { name: "Demander un changement d'adresse de livraison" });
  await trigger.click();
  const modal = page.locator("dialog#shell-modal[open]");
  await expect(modal.locator(".modal__title")).toHaveText("Demander un changement d'adresse de livraison");
  await modal.locator("[name=FirstName]").fill("Marie");
  await modal.locator("[name=LastName]").fill("Dubois");
  await modal.locator("[name=Street1]").fill("Avenue Louise 200");
  await modal.locator("[name=PostalCode]").fill("??");
  await modal.locator("[name=City]").fill("Ixelles");
  await modal.getByRole("button", { name: "Envoyer la demande" }).click();
  // Refused at a field: the form again, in the modal, with what was typed.
  await expect(modal.locator("#PostalCode-error, [id$=PostalCode-error]").first()).not.toBeEmpty();
  await expect(modal.locator("[name=Street1]")).toHaveValue("Avenue Louise 200");
  await modal.locator("[name=PostalCode]").fill("1050");
  await modal.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(page.locator("dialog#shell-modal")).toBeHidden();
  const sent = block.locator(".messages .success-msg");
  await expect(sent).toContainText("E-mail envoyé");
  await expect(sent).toContainText("Demande envoyée : nous vous confirmons le changement par e-mail.");
  await expect(block.getByRole("button", { name: "Demande envoyée" })).toBeDisabled();
  await expect(page.locator("[data-delivery-change]").first()).toContainText("Avenue Louise 200");
  // The page did not change.
  await expect(page).toHaveURL(new RegExp(`/fr/account/orders/${paid}$`));
  expect(await axe(page)).toEqual([]);
});

test("a delivery change the server refuses as a whole closes the modal with the error; a failed request says so", async ({
  page,
  customer,
  workerServer,
}) => {
  const { paid } = await openPaidOrder(page, customer, workerServer.database);
  const block = page.locator("#delivery-change");
  const modal = page.locator("dialog#shell-modal[open]");
  const fill = async () => {
    await modal.locator("[name=FirstName]").fill("Marie");
    await modal.locator("[name=LastName]").fill("Dubois");
    await modal.locator("[name=Street1]").fill("Avenue Louise 200");
    await modal.locator("[name=PostalCode]").fill("1050");
    await modal.locator("[name=City]").fill("Ixelles");
  };
  await page.route("**/sales/order/ChangeDeliveryAddressRequest", (route) => route.abort());
  await block.getByRole("button", { name: "Demander un changement d'adresse de livraison" }).click();
  await fill();
  await modal.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(page.locator("dialog#shell-modal")).toBeHidden();
  await expect(block.locator(".messages .error-msg")).toContainText("Une erreur inattendue s'est produite.");
  await page.unroute("**/sales/order/ChangeDeliveryAddressRequest");
  // The order ships while the form is open: the request is refused as a whole.
  await block.getByRole("button", { name: "Demander un changement d'adresse de livraison" }).click();
  const db = new Database(workerServer.database);
  db.prepare("update orders set status = 'Shipped', shipped_at = ? where number = ?").run(
    new Date().toISOString(),
    paid,
  );
  db.close();
  await modal.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(page.locator("dialog#shell-modal")).toBeHidden();
  await expect(block.locator(".messages .error-msg")).toContainText("Erreur");
  await expect(block.locator(".messages .error-msg")).toContainText("expédiée");
});

test("the header's country changes the VAT the prices include, fetched in place; the same country does nothing", async ({
  page,
}) => {
  await page.goto("/fr/c/vetements");
  await swupStarted(page);
  const price = page.locator(".product-card .price").first();
  const before = await price.textContent();
  const saves: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/salestaxes/currentcountry")) saves.push(r.postData() ?? "");
  });
  await page.evaluate(() => Object.assign(window, { stayed: true }));
  const historyLength = await page.evaluate(() => history.length);
  await page.locator("#current-country").selectOption("LU");
  await expect(page.locator("#current-country")).toHaveValue("LU");
  await expect(page.locator(".product-card .price").first()).not.toHaveText(before ?? "");
  // In place: the same document, no new history entry.
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
  expect(saves).toHaveLength(1);
  // Choosing the current country again (a select fires change only on a new value: dispatched by hand).
  await page.locator("#current-country").dispatchEvent("change");
  await page.waitForTimeout(500);
  expect(saves).toHaveLength(1);
});

test("a keyboard user on the country's OK button keeps focus in the form when the button goes away", async ({
  page,
}) => {
  await page.goto("/fr/c/vetements");
  // Focusing the button is what loads the behaviour that hides it (the button is the form's last field).
  await page.locator("[data-country-go]").focus();
  await expect(page.locator("form.country-select")).toHaveAttribute("data-connected", /country-select/);
  await expect(page.locator("[data-country-go]")).toBeHidden();
  await expect(page.locator("#current-country")).toBeFocused();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the country selector is a form that posts and comes back", async ({ page }) => {
    await page.goto("/de/c/bekleidung");
    await page.locator("#current-country").selectOption("FR");
    await page.locator("[data-country-go]").click();
    await expect(page).toHaveURL(/\/de\/c\/bekleidung$/);
    await expect(page.locator("#current-country")).toHaveValue("FR");
  });
});
