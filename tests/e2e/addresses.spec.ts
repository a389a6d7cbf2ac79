import type { Locator, Page } from "@playwright/test";
import { giveAddress } from "../support/customers";
import { addFromCard, expect, seriousViolations, settled, signIn, test } from "../support/e2e";

/** Types each value into the field of that name (the postal code "??" is one the server refuses). */
async function fillFields(scope: Page | Locator, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await scope.locator(`[name=${name}]`).fill(value);
}

/** A product added from the first card of the catalogue (its form posts without JavaScript too). */
async function addFirstProduct(page: Page, culture: string, javaScript = true) {
  await addFromCard(page, culture, javaScript);
  await page.goto(`/${culture}/shoppingcarts`);
  await expect(page.locator("[data-cart-line]").first()).toBeVisible();
}

test("a signed-in customer adds and edits a billing address in the checkout's popup", async ({
  page,
  customer,
  workerServer,
}) => {
  test.setTimeout(180_000);
  giveAddress(workerServer.database, customer);
  await signIn(page, customer.email, customer.password, "fr");
  await addFirstProduct(page, "fr");
  await page.goto("/fr/checkout");
  await settled(page);
  const billing = page.locator("[data-address-picker=Billing]");
  // The saved address is chosen and fills the hidden billing inputs (the pickup modal reads the names).
  await expect(billing.locator("input[data-selected-address]").first()).toBeChecked();
  await expect(page.locator("[name='Billing.Street1']")).toBeHidden();
  await expect(page.locator("[name='Billing.Street1']")).toHaveValue("Rue de la Loi 16");

  await billing.locator("a.button[data-address-popup]").click();
  const form = page.locator("dialog[open] form.address-form");
  await expect(form).toBeVisible();
  await expect(form).toHaveAttribute("data-connected", /address-form/);
  expect(await seriousViolations(page, { include: "dialog[open]" })).toEqual([]);
  await form.locator("[name=AccountType][value=Business]").check();
  await expect(form.locator("[name=Company]")).toHaveAttribute("required", "");
  await fillFields(form, {
    Company: "Atelier Marie",
    FirstName: "Marie",
    LastName: "Dupont",
    Street1: "Rue du Midi 5",
    PostalCode: "??",
    City: "Bruxelles",
  });
  await form.locator("[data-address-save]").click();
  // The server refuses the postal code: said in place, nothing typed is lost.
  await expect(form.locator("[data-address-error]")).toBeVisible();
  await expect(form.locator("#address-PostalCode-error")).toBeVisible();
  await expect(form.locator("[name=Street1]")).toHaveValue("Rue du Midi 5");
  await form.locator("[name=PostalCode]").fill("1000");
  await form.locator("[data-address-save]").click();
  await expect(page.locator("dialog[open]")).toHaveCount(0);
  const chosen = billing.locator("input[data-selected-address]:checked");
  await expect(chosen.locator("xpath=..")).toContainText("Rue du Midi 5");
  await expect(page.locator("[name='Billing.Street1']")).toHaveValue("Rue du Midi 5");
  await expect(page.locator("[name='Billing.Company']")).toHaveValue("Atelier Marie");

  // Edit it: the popup opens filled in; the picker shows the change, still chosen.
  await billing.locator("li", { hasText: "Rue du Midi 5" }).locator("a[data-address-popup]").click();
  await expect(form).toBeVisible();
  await expect(form.locator("[name=Street1]")).toHaveValue("Rue du Midi 5");
  await expect(form.locator("[name=AccountType][value=Business]")).toBeChecked();
  await form.locator("[name=Street1]").fill("Rue du Midi 7");
  await form.locator("[data-address-save]").click();
  await expect(page.locator("dialog[open]")).toHaveCount(0);
  await expect(billing.locator("input[data-selected-address]:checked").locator("xpath=..")).toContainText(
    "Rue du Midi 7",
  );
  // Choosing another saved address copies it; a new one empties the fields to type it.
  await billing.locator("label", { hasText: "Rue de la Loi 16" }).click();
  await expect(page.locator("[name='Billing.Street1']")).toHaveValue("Rue de la Loi 16");
  await billing.locator("input[data-new-address]").check();
  await expect(page.locator("[name='Billing.Street1']")).toBeVisible();
  await expect(page.locator("[name='Billing.Street1']")).toHaveValue("");
  await expect(page.locator("[name='Billing.Street1']")).toHaveAttribute("required", "");
  expect(await seriousViolations(page, { include: ".checkout-form" })).toEqual([]);
});

test("the picker fragment answers signed-in customers only, with the address asked for chosen", async ({ page }) => {
  // Only reads Marie's addresses.
  const guest = await page.request.get("/fr/widget/DeliveryAddressPicker?AddressType=Billing");
  expect(guest.status()).toBe(401);
  await signIn(page, "marie@vitrine.test", "Vitrine-demo-1", "nl");
  expect((await page.request.get("/nl/widget/DeliveryAddressPicker?AddressType=Elsewhere")).status()).toBe(400);
  const shipping = await page.request.get("/nl/widget/DeliveryAddressPicker?AddressType=Shipping");
  const html = await shipping.text();
  // Marie's Lille address serves deliveries only: in the delivery picker, not in the billing one.
  expect(html).toContain("12 rue Nationale");
  const lille = /value="(\d+)"[^>]*data-selected-address="[^"]*12 rue Nationale/.exec(html)?.[1];
  expect(lille).toBeTruthy();
  const chosen = await (
    await page.request.get(`/nl/widget/DeliveryAddressPicker?AddressType=Shipping&SelectedId=${lille}`)
  ).text();
  expect(chosen).toMatch(new RegExp(`value="${lille}" checked`));
  const billing = await (
    await page.request.get(`/nl/widget/DeliveryAddressPicker?AddressType=Billing&SelectedId=${lille}`)
  ).text();
  expect(billing).not.toContain("12 rue Nationale");
  expect(billing).toContain("Rue de la Loi 16");
  expect(billing).toContain("Adres toevoegen");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test.use({ customerCulture: "it" });

  test("a customer adds a delivery address on the popup's page and gets it on the order", async ({
    page,
    customer,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, customer.email, customer.password, "it");
    await addFirstProduct(page, "it", false);
    await page.goto("/it/checkout");
    // Unticking "deliver to the billing address" shows the delivery picker, by CSS alone.
    await page.locator("[data-same-as-billing]").uncheck();
    await page.locator("[data-address-picker=Shipping] a.button[data-address-popup]").click();
    await expect(page).toHaveURL(/\/it\/account\/addresses\/edit\?/);
    await fillFields(page, {
      FirstName: "Lucia",
      LastName: "Bianchi",
      Street1: "Via Roma 3",
      PostalCode: "??",
      City: "Bruxelles",
    });
    await page.locator("[data-address-save]").click();
    // The server refuses the postal code: the page says so and keeps the rest.
    await expect(page.locator("#address-PostalCode-error")).toBeVisible();
    await expect(page.locator("[name=Street1]")).toHaveValue("Via Roma 3");
    await page.locator("[name=PostalCode]").fill("1000");
    await page.locator("[data-address-save]").click();
    await expect(page).toHaveURL(/\/it\/checkout\?.*ExistingShippingAddressId=\d+/);
    await expect(page.locator("[data-same-as-billing]")).not.toBeChecked();
    const chosen = page.locator("[data-address-picker=Shipping] input[data-selected-address]:checked");
    await expect(chosen.locator("xpath=..")).toContainText("Via Roma 3");
    // The customer has no billing address saved: she types it.
    await page.locator("[name='Billing.FirstName']").fill("Lucia");
    await page.locator("[name='Billing.LastName']").fill("Bianchi");
    await page.locator("[name='Billing.Street1']").fill("Rue Haute 10");
    await page.locator("[name='Billing.PostalCode']").fill("??");
    await page.locator("[name='Billing.City']").fill("Bruxelles");
    await page.locator("[name=AcceptTerms]").check();
    await page.locator("[data-place-order]").click();
    // Refused by the server: said above the form and at the field; what was typed and chosen stays.
    await expect(page.locator("[data-checkout-error]")).toBeVisible();
    await expect(page.locator("#Billing-PostalCode-error")).toBeVisible();
    await expect(page.locator("[name='Billing.Street1']")).toHaveValue("Rue Haute 10");
    await expect(chosen.locator("xpath=..")).toContainText("Via Roma 3");
    await expect(page.locator("[data-same-as-billing]")).not.toBeChecked();
    await page.locator("[name='Billing.PostalCode']").fill("1000");
    await page.locator("[name=AcceptTerms]").check();
    await page.locator("[data-place-order]").click();
    await expect(page).toHaveURL(/\/payment$/);
    const number = new URL(page.url()).pathname.split("/")[4];
    await page.goto(`/it/account/orders/${number}`);
    await expect(page.locator("[data-order-delivery]")).toContainText("Via Roma 3");
  });
});
