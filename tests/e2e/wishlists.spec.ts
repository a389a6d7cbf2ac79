import type { Page } from "@playwright/test";
import { giveWishlistsTo, type TestCustomer } from "../support/customers";
import { expect, seriousViolations, settled, signIn, test } from "../support/e2e";

/** A product page whose default variant is in none of the shopper's lists (found from its card's heart). */
async function unwishedProduct(page: Page, culture: string): Promise<string> {
  await page.goto(`/${culture}/catalog?q=`);
  const card = page.locator(".product-card", { has: page.locator(".wishlist-heart:not(.is-wished)") }).nth(2);
  const href = await card.locator("a[data-select-item]").getAttribute("href");
  expect(href).toBeTruthy();
  return href as string;
}

/** The test's customer, given the demo wishlists of that culture's customer, signed in in that culture. */
async function signInWithLists(page: Page, customer: TestCustomer, database: string, culture: "fr" | "nl" | "es") {
  await giveWishlistsTo(database, customer, culture);
  await signIn(page, customer.email, customer.password, culture);
}

const headerCount = (page: Page) => page.locator(".site-header [data-wishlist-count]");

test("a shopper adds a product to a new list, then to an existing one; hearts and the header follow", async ({
  page,
  customer,
  workerServer,
}) => {
  test.setTimeout(120_000);
  await signInWithLists(page, customer, workerServer.database, "nl");
  const product = await unwishedProduct(page, "nl");
  const islandScripts: string[] = [];
  page.on("request", (r) => {
    if (/WishlistModal|react/i.test(r.url()) && r.resourceType() === "script") islandScripts.push(r.url());
  });
  await page.goto(product);
  await settled(page);
  // The header's count is filled from her summary after load (decision 062): read it once it is there.
  await expect(headerCount(page)).not.toBeEmpty();
  const before = Number(await headerCount(page).textContent());
  const heart = page.locator(".product .wishlist-heart");
  await expect(heart).not.toHaveClass(/is-wished/);
  // No React for the modal until the shopper asks for it.
  expect(islandScripts.filter((u) => u.includes("WishlistModal"))).toEqual([]);

  await heart.click();
  const dialog = page.locator("dialog.wishlist-dialog[open]");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Een nieuw lijstje").check();
  await dialog.getByPlaceholder("Naam van het nieuwe lijstje").fill("Verjaardag <Mila>");
  await dialog.locator("[data-wishlist-submit]").click();
  const added = page.locator("dialog.added-dialog[open]", { hasText: "Naar mijn verlanglijstje" });
  await expect(added).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator(".wishlist-modal [role=status]")).not.toBeEmpty();
  await expect(heart).toHaveClass(/is-wished/);
  await expect(heart).toContainText("Al in uw verlanglijstje");
  await expect(headerCount(page)).toHaveText(String(before + 1));
  const pushed = await page.evaluate(
    () => (window.dataLayer as { event?: string }[]).filter((e) => e.event === "add_to_wishlist").length,
  );
  expect(pushed).toBe(1);
  await added.getByRole("button", { name: "Verder winkelen" }).click();
  await expect(added).toBeHidden();

  // Again: the existing lists are offered; the new one says the product is already there.
  await heart.click();
  await expect(dialog).toBeVisible();
  const select = dialog.locator("select[name=List]");
  await select.selectOption({ label: "Verjaardag <Mila> (1)" });
  await expect(dialog.locator("[data-already-in-list]")).toBeVisible();
  await select.selectOption({ index: 0 });
  await expect(dialog.locator("[data-already-in-list]")).toBeHidden();
  await dialog.locator("[data-wishlist-submit]").click();
  await expect(added).toBeVisible();
  await expect(headerCount(page)).toHaveText(String(before + 1));
  await added.getByRole("link", { name: "Naar mijn verlanglijstje" }).click();
  await expect(page).toHaveURL(/\/nl\/catalog\/wishlist\/list\?Id=\d+$/);
  await expect(page.locator(`.list-item a[href="${product}"]`)).toBeVisible();
});

test("a guest who clicks the heart signs in in the modal and goes on to the dialog", async ({
  page,
  customer,
  workerServer,
}) => {
  test.setTimeout(120_000);
  await giveWishlistsTo(workerServer.database, customer, "es");
  const product = await unwishedProduct(page, "es");
  await page.goto(product);
  await settled(page);
  await page.locator(".product .wishlist-heart").click();
  const login = page.locator("dialog.login-modal[open]");
  await expect(login).toBeVisible();
  await login.locator("[name=Email]").fill(customer.email);
  await login.locator("[name=Password]").fill(customer.password);
  await login.locator("[name=Password]").press("Enter");
  const dialog = page.locator("dialog.wishlist-dialog[open]");
  await expect(dialog).toBeVisible();
  await expect(dialog.locator("select[name=List] option")).toHaveCount(2);
  await dialog.locator("[data-wishlist-submit]").click();
  await expect(page.locator("dialog.added-dialog[open]")).toBeVisible();
  await expect(page.locator(".product .wishlist-heart")).toHaveClass(/is-wished/);
});

test("?openWishlist opens the dialog by itself, for the variant named", async ({ page, customer }) => {
  await signIn(page, customer.email, customer.password, "es");
  const product = await unwishedProduct(page, "es");
  await page.goto(product);
  const variantId = await page.locator(".product").getAttribute("data-product-variant-id");
  await page.goto(`${product}?openWishlist=${variantId}`);
  const dialog = page.locator("dialog.wishlist-dialog[open]");
  await expect(dialog).toBeVisible();
  await expect(dialog.locator("input[name=product-variant-id]")).toHaveValue(variantId ?? "");
  await settled(page);
  expect(await seriousViolations(page, { include: "dialog.wishlist-dialog" })).toEqual([]);
});

test("the wishlist page: lists in place, inline edits, quantity, remove, order all, delete", async ({
  page,
  customer,
  workerServer,
}) => {
  test.setTimeout(120_000);
  await signInWithLists(page, customer, workerServer.database, "nl");
  await page.goto("/nl/catalog/wishlist/list");
  await settled(page);
  const root = page.locator("[data-connected~=wishlist-page]");
  await expect(root).toBeAttached();
  expect(await seriousViolations(page)).toEqual([]);

  // The second list loads in place and the address follows its link.
  const second = page.locator(".wishlist-nav a").nth(1);
  const secondName = (await second.textContent())?.replace(/\s*\(\d+\)\s*$/, "").trim();
  await second.click();
  await expect(page).toHaveURL(/\?Id=\d+$/);
  await expect(page.locator("#wishlist-name")).toHaveValue(secondName ?? "");
  await expect(second).toHaveAttribute("aria-current", "page");

  // Inline edits, saved on change; the text stays text.
  await page.locator("#wishlist-name").fill("Tuin <b>zomer</b>");
  await page.locator("#wishlist-name").press("Tab");
  await expect(page.locator("[data-wishlist-status]")).toHaveText("Wijziging opgeslagen.");
  // The status already says "saved" (the name): wait for the description's own answer before reloading.
  const descriptionSaved = page.waitForResponse((r) => r.url().endsWith("/catalog/wishlist/updatedescription"));
  await page.locator("#wishlist-description").fill("Voor de tuin");
  await page.locator("#wishlist-description").blur();
  expect((await descriptionSaved).status()).toBe(200);
  await expect(page.locator("[data-wishlist-status]")).toHaveText("Wijziging opgeslagen.");
  await page.reload();
  await expect(page.locator("#wishlist-name")).toHaveValue("Tuin <b>zomer</b>");
  await expect(page.locator("#wishlist-description")).toHaveValue("Voor de tuin");
  await expect(page.locator(".wishlist-nav b")).toHaveCount(0);

  // A quantity typed is made positive and saved after a pause.
  const quantity = page.locator(".list-item input[name=Quantity]").first();
  const saved = page.waitForResponse((r) => r.url().endsWith("/catalog/wishlist/updatequantity"));
  await quantity.fill("-2");
  expect((await saved).status()).toBe(200);
  await expect(quantity).toHaveValue("2");

  // Remove one product: its row goes, with the notice.
  const rows = page.locator(".list-item");
  const count = await rows.count();
  await rows.last().getByRole("button", { name: "Verwijderen" }).click();
  await expect(rows).toHaveCount(count - 1);
  await expect(page.locator("[data-wishlist-status]")).toHaveText("Het product is uit het verlanglijstje verwijderd.");

  // Order all: the cart follows, and the page says how many went.
  await page.getByRole("button", { name: "Alles in het winkelmandje" }).click();
  await expect(page.locator("[data-wishlist-status]")).toContainText("Producten in het winkelmandje:");
  await expect(page.locator(".site-header [data-cart-count]")).not.toHaveText("0");

  // Delete the list: confirmed, then the page the API names.
  page.once("dialog", (confirm) => void confirm.accept());
  await page.getByRole("button", { name: "Lijstje verwijderen", exact: true }).click();
  await expect(page).toHaveURL(/\/nl\/catalog\/wishlist\/list$/);
  await expect(page.locator(".wishlist-nav a", { hasText: "Tuin" })).toHaveCount(0);
});

test("a quantity the server fails to save says the answer's status text, or that the server failed", async ({
  page,
  customer,
  workerServer,
}) => {
  await signInWithLists(page, customer, workerServer.database, "fr");
  await page.goto("/fr/catalog/wishlist/list");
  await expect(page.locator("[data-connected~=wishlist-page]")).toBeAttached();
  const quantity = page.locator(".list-item input[name=Quantity]").first();
  const statusLine = page.locator("[data-wishlist-status]");
  await page.route("**/api/v1/catalog/wishlist/updatequantity", (route) => route.fulfill({ status: 503, body: "" }));
  await quantity.fill(String(Number(await quantity.inputValue()) + 1));
  await expect(statusLine).toHaveText("Service Unavailable");
  await expect(statusLine).toHaveClass(/error/);
  // The error dialog of spec 000 section 8 comes too.
  await expect(page.locator("dialog#shell-modal.error-modal")).toBeVisible();
});

test("the hearts on list cards and in the quick view open the same dialog", async ({
  page,
  customer,
  workerServer,
}) => {
  await signInWithLists(page, customer, workerServer.database, "es");
  await page.goto("/es/catalog?q=&display=list");
  await settled(page);
  const productId = await page
    .locator(".product-card", { has: page.locator(".wishlist-heart:not(.is-wished)") })
    .first()
    .getAttribute("data-product-id");
  const card = page.locator(`.product-card[data-product-id="${productId}"]`);
  await card.locator(".wishlist-heart").click();
  const dialog = page.locator("dialog.wishlist-dialog[open]");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cerrar" }).click();
  await expect(dialog).toBeHidden();
  // Focus goes back to the heart that opened it.
  await expect(card.locator(".wishlist-heart")).toBeFocused();

  const eye = card.locator("a[data-quick-view]");
  await eye.hover();
  await eye.click();
  const quick = card.locator(".product-card__quick-panel .wishlist-heart");
  await expect(quick).toBeVisible();
  await quick.click();
  await expect(dialog).toBeVisible();
  await dialog.locator("[data-wishlist-submit]").click();
  await expect(page.locator("dialog.added-dialog[open]")).toBeVisible();
  // The card's heart follows the store, as does the quick view's.
  await expect(card.locator(".wishlist-heart").first()).toHaveClass(/is-wished/);
  await expect(quick).toHaveClass(/is-wished/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the heart is a link to the dialog's page, whose form adds and comes back with a notice", async ({
    page,
    customer,
    workerServer,
  }) => {
    await signInWithLists(page, customer, workerServer.database, "es");
    const product = await unwishedProduct(page, "es");
    await page.goto(product);
    await page.locator(".product .wishlist-heart").click();
    await expect(page).toHaveURL(/\/es\/catalog\/wishlist\/popup\?productVariantId=\d+/);
    // An empty new name is refused with its message, and nothing is lost.
    await page.locator(".wishlist-popup").getByLabel("Una lista nueva").check();
    await page.getByRole("button", { name: "Añadir" }).click();
    await expect(page.locator(".notice--error")).toBeVisible();
    await page.locator(".wishlist-popup").getByLabel("Una lista nueva").check();
    await page.getByPlaceholder("Nombre de la nueva lista").fill("Sin JS");
    await page.getByRole("button", { name: "Añadir" }).click();
    await expect(page).toHaveURL(product);
    await expect(page.locator("[data-flash]")).toContainText("El producto se ha añadido a su lista de deseos.");
    await expect(page.locator(".product .wishlist-heart")).toHaveClass(/is-wished/);

    await page.locator("[data-flash] a", { hasText: "Ver mi lista de deseos" }).click();
    await expect(page.locator("#wishlist-name")).toHaveValue("Sin JS");
    await page.locator("#wishlist-name").fill("Sin JavaScript");
    await page.locator("form[data-wishlist-action=name] button").click();
    await expect(page.locator("[data-flash]")).toContainText("Cambio guardado.");
    await expect(page.locator("#wishlist-name")).toHaveValue("Sin JavaScript");
    await page.locator(".list-item").first().getByRole("button", { name: "Quitar" }).click();
    await expect(page.locator("[data-flash]")).toContainText("El producto se ha quitado de la lista de deseos.");
    await expect(page.locator(".list-item")).toHaveCount(0);
  });

  test("a guest who follows the heart signs in first, then comes back to the dialog", async ({ page, customer }) => {
    const product = await unwishedProduct(page, "fr");
    await page.goto(product);
    await page.locator(".product .wishlist-heart").click();
    await expect(page).toHaveURL(/\/fr\/security\/login\?returnUrl=/);
    await page.locator("[name=Email]").fill(customer.email);
    await page.locator("[name=Password]").fill(customer.password);
    await page.locator("[name=Password]").press("Enter");
    await expect(page).toHaveURL(/\/fr\/catalog\/wishlist\/popup\?productVariantId=\d+/);
  });
});

test("a first wish shows on the hearts of the next page, swapped in without a reload", async ({ page, customer }) => {
  // A customer with no list yet: a shared page's hearts wait for her first wish (decision 062).
  await signIn(page, customer.email, customer.password, "fr");
  await page.goto("/fr/catalog?q=");
  await settled(page);
  const card = page.locator(".product-card").first();
  const productId = await card.getAttribute("data-product-id");
  await expect(card.locator(".wishlist-heart")).toHaveAttribute("data-load-on", /shopper:wished/);
  await card.locator(".wishlist-heart").click();
  const dialog = page.locator("dialog.wishlist-dialog[open]");
  await expect(dialog).toBeVisible();
  await dialog.getByPlaceholder("Nom de la nouvelle liste").fill("Noël");
  await dialog.locator("[data-wishlist-submit]").click();
  const added = page.locator("dialog.added-dialog[open]");
  await expect(added).toBeVisible();
  await added.getByRole("button", { name: "Continuer mes achats" }).click();
  await page.evaluate(() =>
    (window as unknown as { swup: { navigate: (url: string) => void } }).swup.navigate("/fr/catalog?q=&display=list"),
  );
  await expect(page).toHaveURL(/display=list/);
  await settled(page);
  await expect(page.locator(`.product-card[data-product-id="${productId}"] .wishlist-heart`).first()).toHaveClass(
    /is-wished/,
  );
});
