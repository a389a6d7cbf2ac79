import type { Page } from "@playwright/test";
import { givePrepaidSetUp } from "../support/customers";
import { addFromCard, expect, seriousViolations, settled, signIn, test } from "../support/e2e";

async function payByCard(page: Page) {
  await expect(page).toHaveURL(/\/fr\/sales\/order\/VT-[0-9A-F]+\/payment/);
  const form = page.locator("#dropin-container [data-card-form]");
  await form.locator("[name=number]").fill("4111 1111 1111 1111");
  await form.locator("[name=expiry]").fill("12/39");
  await form.locator("[name=cvc]").fill("737");
  await form.locator("[data-pay]").click();
  await expect(page).toHaveURL(/\/confirmation$/);
}

const balanceOf = (page: Page, name: string) =>
  page.locator(".prepaid-account", { hasText: name }).locator("[data-balance]");

test("a customer tops up an account, pays for it, then pays an order with the credit", async ({
  page,
  customer,
  workerServer,
}) => {
  test.setTimeout(180_000);
  // A customer of its own, set up as the demo shop sets up Marie: the test spends and tops up freely.
  givePrepaidSetUp(workerServer.database, customer);
  await signIn(page, customer.email, customer.password);
  await page.goto("/fr/account/prepaid");
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await expect(balanceOf(page, "Cadeaux")).toHaveText("5,50 €");

  // The movements page in place: the list reloads, the page stays.
  const main = page.locator(".prepaid-account", { hasText: "Compte principal" });
  await expect(main.locator("tbody tr")).toHaveCount(10);
  await main.getByRole("link", { name: "Suivant" }).click();
  await expect(main.locator("tbody tr")).toHaveCount(4);
  await expect(page).toHaveURL(/\/fr\/account\/prepaid$/);

  const notify = page.locator(".prepaid-account", { hasText: "Cadeaux" }).locator("[data-notification-toggle]");
  const saved = page.waitForResponse((r) => r.url().endsWith("/sales/prepaidaccounts/setnotification"));
  await notify.check();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(
    page.locator(".prepaid-account", { hasText: "Cadeaux" }).locator("[data-notification-toggle]"),
  ).toBeChecked();

  // A missing quantity is refused with the spec's message.
  const topUp = page.locator("[data-prepaid-topup]");
  await topUp.locator("[name=PrepaidAccountId]").selectOption({ label: "Cadeaux" });
  await topUp.getByRole("button", { name: "Ajouter au panier" }).click();
  await expect(topUp.locator("[data-valmsg-for=Quantity]")).toHaveText("Indiquez une quantité.");
  await topUp.locator("[name=Quantity]").fill("20");
  await topUp.getByRole("button", { name: "Ajouter au panier" }).click();
  await expect(page).toHaveURL(/\/fr\/shoppingcarts$/);
  await expect(page.locator("[data-cart-line]", { hasText: "Crédit prépayé" })).toBeVisible();

  await page.goto("/fr/checkout");
  await settled(page);
  // Credit does not buy credit: no prepaid choice while the cart holds a top-up.
  await expect(page.locator("[data-prepaid-choice]")).toHaveCount(0);
  await page.locator("[name=AcceptTerms]").check();
  await page.locator("[data-place-order]").click();
  await payByCard(page);
  await page.goto("/fr/account/prepaid");
  await expect(balanceOf(page, "Cadeaux")).toHaveText("25,50 €");

  await addFromCard(page, "fr");
  await page.goto("/fr/checkout");
  await settled(page);
  const choice = page.locator("[data-prepaid-choice]");
  await choice.getByLabel(/Cadeaux/).check();
  await page.locator("[name=AcceptTerms]").check();
  await page.locator("[data-place-order]").click();
  await expect(page).toHaveURL(/\/fr\/sales\/order\/VT-[0-9A-F]+\/(payment|confirmation)/);
  await page.goto("/fr/account/prepaid");
  await expect(balanceOf(page, "Cadeaux")).not.toHaveText("25,50 €");
  await expect(page.locator(".prepaid-account", { hasText: "Cadeaux" }).locator("tbody tr").first()).toContainText(
    "Paiement",
  );
});

test("a customer search the server refuses says the answer's message under the field", async ({ page, staff }) => {
  await signIn(page, staff.email, staff.password);
  await page.goto("/fr/sales/prepaid");
  // The search's behaviour loads when the field is first used.
  await page.locator("#customer-q").focus();
  await expect(page.locator("[data-connected~=customer-search]")).toBeAttached();
  const tooLong = "x".repeat(101);
  const answer = await (
    await page.request.get(`/api/v1/sales/customers?q=${tooLong}`, { headers: { "X-Culture": "fr" } })
  ).json();
  const expected = (Object.values(answer.Errors ?? {}).flat()[0] as string | undefined) ?? answer.Message;
  expect(expected).toBeTruthy();
  await page.locator("#customer-q").fill(tooLong);
  await expect(page.locator("#customer-search-error")).toHaveText(expected);
  await page.locator("#customer-q").fill("test-");
  await expect(page.locator("#customer-search-error")).toHaveText("");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("staff find a customer and add money to her account for her", async ({
    page,
    customer,
    staff,
    workerServer,
  }) => {
    givePrepaidSetUp(workerServer.database, customer);
    await signIn(page, staff.email, staff.password);
    await page.goto("/fr/sales/prepaid");
    await page.locator("#customer-q").fill(customer.email.split("@")[0] as string);
    await page.getByRole("button", { name: "Rechercher" }).last().click();
    await expect(page.locator("[name=CustomerId] option")).toHaveText([customer.email]);
    await page.getByRole("button", { name: "Choisir ce client" }).click();
    await expect(page.locator(".prepaid-account")).toHaveCount(2);
    // Paying for her at the counter, from her credit.
    const pay = page.locator("[data-staff-payment]");
    await pay.locator("[name=PrepaidAccountId]").selectOption({ label: "Compte principal" });
    await pay.locator("[name=AmountEuros]").fill("2,50");
    await pay.locator("[name=Label]").fill("Café en boutique");
    await pay.getByRole("button", { name: "Débiter le compte" }).click();
    await expect(pay.getByRole("status")).toHaveText("Paiement enregistré.");
    const main = page.locator(".prepaid-account", { hasText: "Compte principal" });
    await expect(main.locator("tbody tr").first()).toContainText("Café en boutique");
    await expect(main.locator("tbody tr").first()).toContainText("-2,50");
    const topUp = page.locator("[data-prepaid-topup]");
    await topUp.locator("[name=Quantity]").fill("15");
    await topUp.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(page).toHaveURL(/\/fr\/shoppingcarts$/);
    await expect(page.locator("[data-cart-line]", { hasText: "Crédit prépayé" })).toBeVisible();
  });

  test("a shopper is refused the staff's page", async ({ page }) => {
    await signIn(page, "lucia@vitrine.test", "Vitrine-demo-3");
    const response = await page.goto("/fr/sales/prepaid");
    expect(response?.status()).toBe(403);
  });
});
