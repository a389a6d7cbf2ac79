import type { Page } from "@playwright/test";
import { giveBirthListTo } from "../support/customers";
import { consentCookie, expect, seriousViolations, settled, signIn, test } from "../support/e2e";

/** The demo's birth list ("Naissance de Léo", Marie's), given to the test's own customer. */
const LIST = "Naissance de Léo";

const GIVER = {
  FirstName: "Chloé",
  LastName: "Vermeulen",
  Street1: "Rue Haute 10",
  PostalCode: "1000",
  City: "Bruxelles",
};

async function payAsGuest(page: Page) {
  await page.goto("/fr/checkout");
  await settled(page);
  await page.locator("#checkout-email").fill("chloe@example.test");
  for (const [name, value] of Object.entries(GIVER)) await page.locator(`[name='Billing.${name}']`).fill(value);
  await page.locator("[name=AcceptTerms]").check();
  await page.locator("[data-place-order]").click();
  await expect(page).toHaveURL(/\/fr\/sales\/order\/VT-[0-9A-F]+\/payment/);
  const form = page.locator("#dropin-container [data-card-form]");
  await form.locator("[name=number]").fill("4111 1111 1111 1111");
  await form.locator("[name=expiry]").fill("12/39");
  await form.locator("[name=cvc]").fill("737");
  await form.locator("[data-pay]").click();
  await expect(page).toHaveURL(/\/confirmation$/);
}

test("a visitor finds a birth list, gives a priority gift, pays; its owner sees who gave it", async ({
  page,
  baseURL,
  customer,
  workerServer,
}) => {
  test.setTimeout(180_000);
  const family = `moreau${customer.id}`;
  await giveBirthListTo(workerServer.database, customer, { name: LIST, parents: `Claire et Paul ${family}` });
  await page.goto("/fr/birthlists/birthlist/search");
  await page.getByLabel("Nom des parents").fill(family);
  await page.getByRole("button", { name: "Rechercher", exact: true }).last().click();
  await expect(page).toHaveURL(new RegExp(`/fr/birthlists/birthlist/search\\?q=${family}$`));
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.locator("[data-birthlist-results] a", { hasText: LIST }).click();
  await expect(page.locator("h1")).toHaveText(LIST);
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);

  // Priority products come first; the visitor sees what is left and cannot edit anything.
  await expect(page.locator(".list-item").first().locator(".badge")).toHaveText("Prioritaire");
  const first = page.locator(".list-item--priority", { has: page.getByRole("button", { name: /Offrir/ }) }).first();
  await expect(page.locator("[data-birthlist-action=quantity]")).toHaveCount(0);
  await expect(first.locator(".list-item__meta")).toContainText("Reste à offrir : 1");
  const given = Number(await first.locator("[data-given]").getAttribute("data-given"));
  const giftVariant = await first.getAttribute("data-product-variant-id");
  await expect(page.locator("[data-connected~=birthlist-page]")).toBeAttached();
  await first.getByRole("button", { name: /Offrir/ }).click();
  await expect(page.locator("[data-wishlist-status]")).not.toBeEmpty();
  await expect(page.locator(".site-header [data-cart-count]")).toHaveText("1");

  await payAsGuest(page);

  // The giver leaves; the list's owner signs in on the same browser (the consent answer stays).
  await page.context().clearCookies();
  await page.context().addCookies([consentCookie(baseURL as string)]);
  await signIn(page, customer.email, customer.password);
  await page.goto("/fr/account");
  await page.getByRole("link", { name: "Mes listes de naissance" }).first().click();
  await page.locator(".birthlist-results a", { hasText: LIST }).click();
  const mine = page.locator(`.list-item[data-product-variant-id="${giftVariant}"]`);
  await expect(mine.locator("[data-given]")).toHaveAttribute("data-given", String(given + 1));
  await expect(mine.locator(".list-item__gifts")).toContainText("Chloé Vermeulen");
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test("the owner's page: stepper, typed quantity, priority, information dialog, remove", async ({
  page,
  customer,
  workerServer,
}) => {
  test.setTimeout(120_000);
  await giveBirthListTo(workerServer.database, customer, { name: LIST, parents: "Claire et Paul Moreau" });
  await signIn(page, customer.email, customer.password);
  await page.goto("/fr/birthlists/birthlist/mine");
  await page.locator(".birthlist-results a", { hasText: LIST }).click();
  await expect(page.locator("[data-connected~=birthlist-page]")).toBeAttached();
  const row = page.locator(".list-item").last();
  const quantity = row.locator("input[name=Quantity]");
  const before = Number(await quantity.inputValue());
  await row.getByRole("button", { name: /^Un de plus/ }).click();
  await expect(quantity).toHaveValue(String(before + 1));
  await row.getByRole("button", { name: /^Un de moins/ }).click();
  await expect(quantity).toHaveValue(String(before));
  await quantity.fill("-4");
  await expect(quantity).toHaveValue("4");
  await expect(page.locator("[data-wishlist-status]")).toHaveText("Modification enregistrée.");
  // At the product's minimum the decrease is disabled; a step up enables it again.
  const minimum = Math.max(Number(await quantity.getAttribute("min")) || 1, 1);
  const decrease = row.getByRole("button", { name: /^Un de moins/ });
  await expect(decrease).toBeEnabled();
  const savedMinimum = page.waitForResponse((r) => r.url().endsWith("/birthlists/birthlist/updatequantity"));
  await quantity.fill(String(minimum));
  await savedMinimum;
  await expect(decrease).toBeDisabled();
  await row.getByRole("button", { name: /^Un de plus/ }).click();
  await expect(decrease).toBeEnabled();

  // Priority: ticked, saved, and the product moves up after a reload.
  const name = await row.locator(".list-item__name a").textContent();
  const saved = page.waitForResponse((r) => r.url().endsWith("/birthlists/birthlist/updatePriority"));
  await row.getByLabel("Prioritaire").check();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.locator(".list-item--priority .list-item__name a", { hasText: name ?? "" }).first()).toBeVisible();

  // The information dialog: a modal, saved, then the page reloads with the new text (escaped).
  await page.getByRole("link", { name: "Modifier les informations" }).click();
  const dialog = page.locator("dialog#birthlist-info");
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page, { include: "dialog#birthlist-info" })).toEqual([]);
  await dialog.getByLabel("Message à vos proches").fill("Merci <script>alert(1)</script> !");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.locator(".birthlist-head__message")).toHaveText("Merci <script>alert(1)</script> !");
  await expect(dialog).toBeHidden();

  // Order all: what is left goes to the cart as gifts of the list; the mini-cart follows.
  await page.getByRole("button", { name: "Tout ajouter au panier" }).click();
  await expect(page.locator("[data-wishlist-status]")).toContainText("Produits ajoutés au panier :");
  await expect(page.locator(".site-header [data-cart-count]")).not.toHaveText("0");

  // Remove a product: its row goes.
  const rows = page.locator(".list-item");
  const count = await rows.count();
  await rows.last().getByRole("button", { name: "Retirer" }).click();
  await expect(rows).toHaveCount(count - 1);
});

test("?openBirthlist opens the information dialog by itself", async ({ page }) => {
  // Only reads Marie's list: the demo accounts may be read, never changed.
  await signIn(page, "marie@vitrine.test", "Vitrine-demo-1");
  await page.goto("/fr/birthlists/birthlist/mine");
  const href = await page.locator(".birthlist-results a", { hasText: LIST }).getAttribute("href");
  await page.goto(`${href}?openBirthlist=1`);
  await expect(page.locator("dialog#birthlist-info")).toBeVisible();
  // Server HTML shows it open (the page without JavaScript); the page's behaviour, once it has loaded,
  // makes it a modal: the page behind is inert.
  await expect.poll(() => page.locator("dialog#birthlist-info").evaluate((d) => d.matches(":modal"))).toBe(true);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test.use({ customerCulture: "nl" });

  test("a customer opens a list, adds a product from its page, gives and steps quantities with plain forms", async ({
    page,
    customer,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, customer.email, customer.password, "nl");
    await page.goto("/nl/birthlists/birthlist/mine");
    await page.getByLabel("Titel van de lijst").fill("Geboorte van Noor");
    await page.getByLabel("Namen van de ouders").fill("Jan en Eva Peeters");
    await page.getByRole("button", { name: "Een geboortelijst aanmaken" }).click();
    await expect(page).toHaveURL(/\/nl\/birthlists\/birthlist\/list\/\d+\?openBirthlist=1$/);
    const listUrl = page.url().replace(/\?.*$/, "");
    await expect(page.locator("dialog#birthlist-info[open]")).toBeVisible();

    await page.goto("/nl/catalog?q=");
    await page.locator(".product-card a[data-select-item]").first().click();
    await page.getByRole("link", { name: "Toevoegen aan mijn geboortelijst" }).click();
    await page.getByLabel("Lijstje").selectOption({ label: "Geboorte van Noor (0)" });
    await page.getByRole("button", { name: "Toevoegen" }).click();
    await expect(page.locator("[data-flash]")).toContainText("Geboorte van Noor");
    await page.locator("[data-flash] a", { hasText: "Naar mijn geboortelijst" }).click();
    await expect(page).toHaveURL(listUrl);
    const quantity = page.locator(".list-item input[name=Quantity]");
    const start = Number(await quantity.inputValue());
    await page.getByRole("button", { name: /^Eén meer/ }).click();
    await expect(page.locator("[data-flash]")).toContainText("Wijziging opgeslagen.");
    const stepped = Number(await quantity.inputValue());
    expect(stepped).toBeGreaterThan(start);
    // Enter in the field saves what was typed (not a step).
    await quantity.fill(String(stepped * 3));
    await quantity.press("Enter");
    await expect(page.locator("[data-flash]")).toContainText("Wijziging opgeslagen.");
    expect(Number(await quantity.inputValue())).toBeGreaterThan(stepped);
  });
});

test("the add dialogs' pages and the customer's birth lists pass axe", async ({ page }) => {
  // Axe on each of the pages: about 15 s alone, past 30 s on a loaded machine (CI timed it out once).
  test.setTimeout(120_000);
  // Only reads: Marie's birth lists and the dialogs' pages.
  await signIn(page, "marie@vitrine.test", "Vitrine-demo-1");
  await page.goto("/fr/catalog?q=");
  const variantId = await page.locator(".product-card").first().getAttribute("data-product-variant-id");
  for (const path of [
    `/fr/catalog/wishlist/popup?productVariantId=${variantId}`,
    `/fr/birthlists/birthlist/popup?productVariantId=${variantId}`,
    "/fr/birthlists/birthlist/mine",
  ]) {
    await page.goto(path);
    await settled(page);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});
