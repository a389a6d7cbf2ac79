import type { Page } from "@playwright/test";
import { giveAddress } from "../support/customers";
import {
  addFromCard,
  consentCookie,
  expect,
  isReactBundle,
  reloadedBy,
  seriousViolations,
  settled,
  signIn,
  test,
} from "../support/e2e";

/** Records the scripts of the finder island, React and MapLibre a page loads (read by their content). */
function watchHeavyScripts(page: Page): string[] {
  const heavy: string[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const url = response.url();
    const body = await response.text().catch(() => "");
    if (/PickupFinder|maplibre/i.test(url) || isReactBundle(body) || body.includes("maplibregl")) heavy.push(url);
  });
  return heavy;
}

async function checkoutWithMethod(page: Page, kind: "store" | "pickup", culture = "fr") {
  await addFromCard(page, culture);
  await page.goto(`/${culture}/checkout`);
  const radio = page.locator(`input[name=ShippingMethodId][data-kind=${kind}]`);
  // The change reloads the page: its opener is a plain link until the new page's shell has started.
  if (!(await radio.isChecked())) await reloadedBy(page, () => radio.check());
  await expect(page.locator("[data-pickup-open]")).toBeVisible();
  await settled(page);
}

test("the pickup finder loads React and the map only when it opens, and a choice on the list updates the checkout without a reload", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await checkoutWithMethod(page, "store");
  // The checkout page as it first loads (the catalogue before it may have loaded React for its own dialog).
  const heavy = watchHeavyScripts(page);
  await page.reload();
  await settled(page);
  await page.waitForTimeout(500);
  expect(heavy).toEqual([]);
  await expect(page.locator("[data-pickup-text]")).toHaveText("Choisissez un point de retrait.");
  await expect(page.locator("[data-pickup-summary]")).toBeHidden();

  // A mark on the window survives only if the page is not reloaded.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  await page.locator("[data-pickup-open]").click();
  const dialog = page.locator("dialog[open][data-pickup-dialog]");
  await expect(dialog).toBeVisible();
  await expect.poll(() => heavy.some((url) => /PickupFinder/.test(url))).toBe(true);
  await expect(dialog.locator("[data-pickup-point]").first()).toBeVisible();
  // Our shops, nearest first from Brussels (the capital's postal code: nothing chosen yet).
  await expect(dialog.locator("[data-pickup-point] strong").first()).toHaveText("Vitrine Bruxelles");
  await expect(dialog.locator("[data-pickup-select]")).toBeDisabled();
  expect(await seriousViolations(page, { include: "[data-pickup-dialog]" })).toEqual([]);

  // Another place: the list follows, nearest first.
  await dialog.locator("[data-pickup-postcode]").fill("2000");
  await dialog.locator("[data-pickup-query] button[type=submit]").click();
  await expect(dialog.locator("[data-pickup-point] strong").first()).toHaveText("Vitrine Antwerpen");
  await expect(dialog.locator("[data-pickup-status]")).toContainText("points de retrait trouvés");

  const entry = dialog.locator("[data-pickup-point]").first();
  const name = ((await entry.locator("strong").textContent()) ?? "").trim();
  await entry.locator("[data-pickup-entry]").click();
  await expect(entry).toHaveClass(/is-active/);
  await expect(entry.locator("[data-pickup-entry]")).toHaveAttribute("aria-pressed", "true");
  await dialog.locator("[data-pickup-select]").click();
  await expect(dialog).toBeHidden();
  await expect(page.locator("[data-pickup-chosen]")).toContainText(name);
  await expect(page.locator("[data-pickup-open]")).toHaveText("Changer de point de retrait");
  // The order summary beside it follows the same store.
  await expect(page.locator("[data-pickup-summary]")).toBeVisible();
  await expect(page.locator("[data-pickup-summary-name]")).toHaveText(name);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // The server has it: a fresh page shows the same point.
  await page.reload();
  await expect(page.locator("[data-pickup-chosen]")).toContainText(name);
});

test.describe("a business customer in Dutch", () => {
  test.use({ customerCulture: "nl", customerBusiness: true });

  test("a point is chosen on the map, with the keyboard: the marker activates its entry, Enter saves", async ({
    page,
    customer,
    workerServer,
  }) => {
    test.setTimeout(180_000);
    giveAddress(workerServer.database, customer, "NL");
    await signIn(page, customer.email, customer.password, "nl");
    await checkoutWithMethod(page, "store", "nl");
    await page.locator("[data-pickup-open]").focus();
    await page.keyboard.press("Enter");
    const dialog = page.locator("dialog[open][data-pickup-dialog]");
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("[data-pickup-map]")).toHaveAttribute("data-map-ready", "true", { timeout: 15_000 });
    const marker = dialog.locator("[data-pickup-marker]").last();
    await expect(marker).toBeVisible({ timeout: 15_000 });
    const id = await marker.getAttribute("data-pickup-marker");
    await marker.focus();
    await page.keyboard.press("Enter");
    const entry = dialog.locator(`[data-pickup-point="${id}"]`);
    await expect(entry).toHaveClass(/is-active/);
    const select = dialog.locator("[data-pickup-select]");
    await expect(select).toBeEnabled();
    const name = ((await entry.locator("strong").textContent()) ?? "").trim();
    await select.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page.locator("[data-pickup-chosen]")).toContainText(name);
    // Focus goes back to what opened the finder.
    await expect(page.locator("[data-pickup-open]")).toBeFocused();

    // Escape closes the finder without changing the point.
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.locator("[data-pickup-chosen]")).toContainText(name);
  });
});

test("near me searches around the browser's position; refused, the finder says to search by place", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const warnings: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "warning") warnings.push(m.text());
  });
  // Liège's centre: its shop comes first, though nothing was typed.
  await context.grantPermissions(["geolocation"], { origin: baseURL as string });
  await context.setGeolocation({ latitude: 50.6412, longitude: 5.5718 });
  await checkoutWithMethod(page, "store");
  await page.locator("[data-pickup-open]").click();
  const dialog = page.locator("dialog[open][data-pickup-dialog]");
  await expect(dialog.locator("[data-pickup-point]").first()).toBeVisible();
  await dialog.getByRole("button", { name: "Autour de moi" }).click();
  await expect(dialog.locator("[data-pickup-point] strong").first()).toHaveText("Vitrine Liège");
  // Refused: the warning of spec 001 section 8 and a way on.
  await context.clearPermissions();
  await dialog.getByRole("button", { name: "Autour de moi" }).click();
  await expect(dialog.locator("[data-pickup-error]")).toContainText(
    "Votre position n'est pas disponible : cherchez par code postal ou par ville.",
  );
  expect(warnings.some((w) => w.startsWith("Geolocation failed"))).toBe(true);
});

test("with the preferences consent the place searched is kept in the location cookie, and the next search starts there", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const location = async () => (await context.cookies()).find((c) => c.name === "Location");
  // Without the preferences consent (the test's default): searched, nothing written.
  await checkoutWithMethod(page, "store");
  await page.locator("[data-pickup-open]").click();
  const dialog = page.locator("dialog[open][data-pickup-dialog]");
  await dialog.locator("[data-pickup-postcode]").fill("2000");
  await dialog.locator("[data-pickup-query] button[type=submit]").click();
  await expect(dialog.locator("[data-pickup-point] strong").first()).toHaveText("Vitrine Antwerpen");
  expect(await location()).toBeUndefined();
  // With it: kept, in the provider's shape; the finder opened on the next page starts from it.
  await context.addCookies([
    consentCookie(baseURL as string, { preferences: true, statistics: false, marketing: false }),
  ]);
  await dialog.locator("[data-pickup-query] button[type=submit]").click();
  await expect.poll(location).toBeDefined();
  const kept = JSON.parse(decodeURIComponent((await location())?.value ?? ""));
  expect(kept).toMatchObject({ formatted_address: "2000", medium: "search" });
  await page.reload();
  await page.locator("[data-pickup-open]").click();
  await expect(dialog.locator("[data-pickup-point] strong").first()).toHaveText("Vitrine Antwerpen");
  await expect(dialog.locator("[data-pickup-postcode]")).toHaveValue("2000");
});

test("the relay carrier asks for a postal address; an unknown place shows the error, a street filters the points", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await checkoutWithMethod(page, "pickup");
  await page.locator("[data-pickup-open]").click();
  const dialog = page.locator("dialog[open][data-pickup-dialog]");
  await expect(dialog.locator("[data-pickup-search]")).toHaveAttribute("data-address-form", "postal");
  await expect(dialog.locator("[data-pickup-address]")).toHaveAttribute("required", "");
  await expect(dialog.locator("[data-pickup-point]").first()).toBeVisible();

  // A place we do not know: the carrier's non-Success status is an error notice, titled Error.
  await dialog.locator("[data-pickup-address]").fill("Rue Neuve 1");
  await dialog.locator("[data-pickup-postcode]").fill("9999");
  await dialog.locator("[data-pickup-city]").fill("Nulle part");
  await dialog.locator("[data-pickup-query] button[type=submit]").click();
  await expect(dialog.locator("[data-pickup-error]")).toHaveText("Erreur Une erreur s'est produite");
  await expect(dialog.locator("[data-pickup-point]")).toHaveCount(0);

  // Without a street-level geocoder, the street filters the relays found around the postal code.
  await dialog.locator("[data-pickup-address]").fill("Librairie");
  await dialog.locator("[data-pickup-postcode]").fill("1000");
  await dialog.locator("[data-pickup-city]").fill("Bruxelles");
  await dialog.locator("[data-pickup-query] button[type=submit]").click();
  await expect(dialog.locator("[data-pickup-error]")).toHaveCount(0);
  await expect(dialog.locator("[data-pickup-point]").first()).toBeVisible();
  for (const text of await dialog.locator("[data-pickup-point] strong").allTextContents())
    expect(text).toContain("Librairie");
  expect(await seriousViolations(page, { include: "[data-pickup-dialog]" })).toEqual([]);
});

test("the address field suggests postal codes and cities; choosing one fills both", async ({ page }) => {
  test.setTimeout(120_000);
  await checkoutWithMethod(page, "store");
  await page.locator("[data-pickup-open]").click();
  const dialog = page.locator("dialog[open][data-pickup-dialog]");
  await expect(dialog.locator("[data-pickup-point]").first()).toBeVisible();
  const address = dialog.locator("[data-pickup-address]");
  await address.fill("Lièg");
  await expect(dialog.locator("datalist option").first()).toBeAttached();
  await address.fill("Liè");
  await address.fill("Liège");
  const option = dialog.locator("datalist option[value^='4000 ']").first();
  await expect(option).toBeAttached();
  const suggestion = (await option.getAttribute("value")) ?? "";
  await address.fill(suggestion);
  await expect(dialog.locator("[data-pickup-postcode]")).toHaveValue("4000");
  await expect(dialog.locator("[data-pickup-city]")).toHaveValue(suggestion.slice(5));
  await expect(address).toHaveValue("");
  await dialog.locator("[data-pickup-query] button[type=submit]").click();
  await expect(dialog.locator("[data-pickup-point] strong").first()).toHaveText("Vitrine Liège");
});

test("a shipping method change made elsewhere updates the finder: it searches the new carrier", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/dev/islands/pickup-finder/shops?culture=fr");
  const finder = page.locator("[data-pickup-search]");
  await expect(finder.locator("[data-pickup-point]")).toHaveCount(3);
  await expect(finder).toHaveAttribute("data-carrier", "static");
  // Hydrated: the choose button exists only then.
  await expect(finder.locator("[data-pickup-select]")).toBeVisible();
  // The cart store raises this event when the shipping method changes (the checkout's radios).
  await page.evaluate(() =>
    document.dispatchEvent(new CustomEvent("cart:shipping-method-changed", { detail: { ShippingMethodId: 2 } })),
  );
  await expect(finder).toHaveAttribute("data-carrier", "demo");
  await expect(finder).toHaveAttribute("data-address-form", "postal");
  await expect(finder.locator("[data-pickup-point]").first()).toBeVisible();
  await expect(finder.locator("[data-pickup-point]").first()).toHaveAttribute("data-pickup-point", /^DEMO-/);
});

test("after a page swap from the cart, the finder still opens; on the search page itself a choice goes back to the checkout", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await checkoutWithMethod(page, "store");
  await page.goto("/fr/shoppingcarts");
  await page.locator("[data-begin-checkout]").click();
  await expect(page).toHaveURL(/\/fr\/checkout/);
  await settled(page);
  await page.locator("[data-pickup-open]").click();
  const dialog = page.locator("dialog[open][data-pickup-dialog]");
  await expect(dialog.locator("[data-pickup-point]").first()).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto("/fr/shippings/pickuppoint/search?shippingMethodId=3&postCode=2000&returnUrl=/fr/checkout");
  const finder = page.locator("[data-pickup-search]");
  await expect(finder.locator("[data-pickup-select]")).toBeVisible();
  await finder.locator("[data-pickup-entry]").first().click();
  await expect(finder.locator("[data-pickup-point]").first()).toHaveClass(/is-active/);
  await finder.locator("[data-pickup-select]").click();
  await expect(page).toHaveURL(/\/fr\/checkout$/);
  await expect(page.locator("[data-pickup-chosen]")).toContainText("Vitrine Antwerpen");
});

test("a failed save keeps the finder open with the error, and the checkout block unchanged", async ({ page }) => {
  test.setTimeout(120_000);
  await checkoutWithMethod(page, "store");
  await page.route("**/api/v1/shoppingcarts/externalpickuppoint", (route) =>
    route.fulfill({
      status: 422,
      contentType: "application/json",
      body: JSON.stringify({ Code: "PickupPointNotFound", Message: "Ce point de retrait n'existe plus.", Errors: {} }),
    }),
  );
  await page.locator("[data-pickup-open]").click();
  const dialog = page.locator("dialog[open][data-pickup-dialog]");
  await dialog.locator("[data-pickup-point] [data-pickup-entry]").first().click();
  await dialog.locator("[data-pickup-select]").click();
  await expect(dialog.locator("[data-pickup-error]")).toContainText("Ce point de retrait n'existe plus.");
  await expect(dialog).toBeVisible();
  await expect(page.locator("[data-pickup-text]")).toHaveText("Choisissez un point de retrait.");
});

test("a hostile point name saved through the API shows as text in the delivery block and the summary", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await checkoutWithMethod(page, "store");
  const hostile = '<img src=x onerror="window.__pwned=1">Vitrine';
  const shop = await (
    await page.request.post("/api/v1/shipping/static/getpickuppoints", {
      data: { CountryCode: "BE", PostalCode: "1000", ShippingMethodId: 3, SearchRadius: 15, MaximumListSize: 1 },
      headers: { Origin: baseURL as string },
    })
  ).json();
  const point = shop.PickupPointViewModels[0];
  const saved = await page.request.post("/api/v1/shoppingcarts/externalpickuppoint", {
    data: {
      ShippingMethodId: 3,
      PickupPointName: hostile,
      ShippingStreet1: point.Address,
      ShippingPostalCode: point.PostCode,
      ShippingCity: point.City,
      ShippingCountryId: point.CountryId,
      ExternalPickupPointRef: point.PublicAccessPointID,
      PickupPointId: point.PickupPointId,
    },
    headers: { Origin: baseURL as string },
  });
  expect(saved.status()).toBe(200);
  await page.goto("/fr/checkout");
  await expect(page.locator("[data-pickup-chosen] strong")).toHaveText(hostile);
  await expect(page.locator("[data-pickup-summary-name]")).toHaveText(hostile);
  await expect(page.locator("[data-pickup-choice] img, [data-pickup-summary] img")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test.describe("fixtures", () => {
  for (const culture of ["fr", "nl"])
    for (const fixture of ["shops", "relay-postal-address", "not-found", "modal"])
      test(`pickup-finder/${fixture} in ${culture} has no serious accessibility violation`, async ({ page }) => {
        await page.goto(`/dev/islands/pickup-finder/${fixture}?culture=${culture}`);
        await expect(page.locator("[data-pickup-search]")).toBeVisible();
        if (fixture === "not-found") await expect(page.locator("[data-pickup-error]")).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the delivery block links to the search page, whose forms search and choose", async ({ page }) => {
    test.setTimeout(120_000);
    await addFromCard(page, "fr", false);
    await page.goto("/fr/checkout");
    await page.locator("input[name=ShippingMethodId][data-kind=store]").check();
    await page.locator("form[data-cart-action=method] button[type=submit]").click();
    await page.locator("[data-pickup-open]").click();
    await expect(page).toHaveURL(/\/fr\/shippings\/pickuppoint\/search/);
    await page.locator("[data-pickup-postcode]").fill("2000");
    await page.locator("[data-pickup-query] button[type=submit]").click();
    await expect(page.locator("[data-pickup-point] strong").first()).toHaveText("Vitrine Antwerpen");
    await page.locator("[data-pickup-point] [data-pickup-entry]").first().click();
    await expect(page).toHaveURL(/\/fr\/checkout/);
    await expect(page.locator("[data-pickup-chosen]")).toContainText("Vitrine Antwerpen");
  });
});
