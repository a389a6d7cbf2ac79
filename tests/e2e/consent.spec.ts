import type { Page } from "@playwright/test";
import {
  CONSENT_STAMP,
  consentCookie,
  expect,
  isReactBundle,
  seriousViolations,
  swupStarted,
  firstVisit as test,
} from "../support/e2e";
import { outsideOrigin } from "../support/e2e-server";

/** Consent tests start as a first-time visitor: no cookie at all. */
async function trackRequests(page: Page) {
  const hits: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/dev/track")) hits.push(new URL(r.url()).searchParams.get("category") ?? "");
  });
  return hits;
}

/** The dialog is server HTML first; it is interactive once React made it modal. */
async function consentReady(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.querySelector("#consent-dialog")?.matches(":modal") ?? false))
    .toBe(true);
}

const storedConsent = async (page: Page) => {
  const cookie = (await page.context().cookies()).find((c) => c.name === "CookieConsent");
  return cookie ? { cookie, value: JSON.parse(decodeURIComponent(cookie.value)) } : null;
};

test.describe("cookie consent", () => {
  test("a first visit asks, sets no cookie and sends no tracking request before a choice", async ({ page }) => {
    const hits = await trackRequests(page);
    await page.goto("/dev/shell?culture=fr");
    const dialog = page.locator("#consent-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveJSProperty("open", true);
    await consentReady(page);
    // Accept all and decline all carry the same weight.
    const accept = dialog.getByRole("button", { name: "Tout accepter" });
    const decline = dialog.getByRole("button", { name: "Tout refuser" });
    expect(await accept.getAttribute("class")).toBe(await decline.getAttribute("class"));
    expect(await seriousViolations(page, { include: "#consent-dialog" })).toEqual([]);
    await page.waitForTimeout(500);
    expect(await page.context().cookies()).toEqual([]);
    expect(hits).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __statistics?: number }).__statistics)).toBeUndefined();
  });

  test("accept all stores the decision, broadcasts it and runs every gated script once", async ({ page }) => {
    const hits = await trackRequests(page);
    const recorded: unknown[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/v1/consent")) recorded.push(r.postDataJSON());
    });
    await page.goto("/dev/shell?culture=fr");
    await consentReady(page);
    await page.evaluate(() => {
      const w = window as unknown as {
        __events: unknown[];
        VitrineConsent: { callbacks: ((s: unknown) => void)[]; onAccept: () => void };
      };
      w.__events = [];
      document.addEventListener("Manager:setCookieConsent", (e) =>
        w.__events.push(["broadcast", (e as CustomEvent).detail]),
      );
      w.VitrineConsent.callbacks.push((s) => w.__events.push(["callback", s]));
      w.VitrineConsent.onAccept = () => w.__events.push("accept");
    });
    await page.locator("#consent-dialog").getByRole("button", { name: "Tout accepter" }).click();
    await expect(page.locator("#consent-dialog")).toBeHidden();
    const stored = await storedConsent(page);
    expect(stored?.value).toEqual({ stamp: CONSENT_STAMP, preferences: true, statistics: true, marketing: true });
    expect(stored?.cookie.path).toBe("/");
    const days = ((stored?.cookie.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    const settings = { stamp: CONSENT_STAMP, preferences: true, statistics: true, marketing: true };
    expect(await page.evaluate(() => (window as unknown as { __events: unknown[] }).__events)).toEqual([
      ["callback", settings],
      ["broadcast", settings],
      "accept",
    ]);
    expect(await page.evaluate(() => window.CookieConsentSettings)).toEqual(settings);
    await expect.poll(() => hits.sort()).toEqual(["marketing", "statistics"]);
    expect(
      await page.evaluate(() => [
        (window as unknown as { __statistics: number }).__statistics,
        (window as unknown as { __marketing: number }).__marketing,
      ]),
    ).toEqual([1, 1]);
    await expect
      .poll(() => recorded)
      .toEqual([{ Stamp: CONSENT_STAMP, Preferences: true, Statistics: true, Marketing: true }]);
    // Consent Mode follows.
    const update = await page.evaluate(() =>
      window.dataLayer
        .map((e) => (e && typeof e === "object" && "0" in e ? Array.from(e as unknown as ArrayLike<unknown>) : null))
        .filter((e) => e?.[1] === "update"),
    );
    expect(update.at(-1)).toEqual([
      "consent",
      "update",
      expect.objectContaining({ analytics_storage: "granted", ad_storage: "granted" }),
    ]);
    // Scripts in content swapped in later run too, once.
    await swupStarted(page);
    await page.locator("#ajax-link").click();
    await expect(page.locator("h1")).toHaveText("Vêtements");
    await page.evaluate(() =>
      (window as unknown as { swup: { navigate: (u: string) => void } }).swup.navigate("/dev/shell?culture=fr&again=1"),
    );
    await expect(page.locator("h1")).toHaveText("Shell fixtures");
    await expect.poll(() => page.evaluate(() => (window as unknown as { __statistics: number }).__statistics)).toBe(2);
  });

  test("decline all stores refusals, runs the decline callback and no gated script", async ({ page }) => {
    const hits = await trackRequests(page);
    await page.goto("/dev/shell?culture=fr");
    await consentReady(page);
    await page.evaluate(() => {
      (window as unknown as { VitrineConsent: { onDecline: () => void } }).VitrineConsent.onDecline = () => {
        (window as unknown as { __declined: boolean }).__declined = true;
      };
    });
    await page.locator("#consent-dialog").getByRole("button", { name: "Tout refuser" }).click();
    await expect(page.locator("#consent-dialog")).toBeHidden();
    expect((await storedConsent(page))?.value).toEqual({
      stamp: CONSENT_STAMP,
      preferences: false,
      statistics: false,
      marketing: false,
    });
    expect(await page.evaluate(() => (window as unknown as { __declined?: boolean }).__declined)).toBe(true);
    await page.reload();
    await expect(page.locator("#consent-dialog")).toBeHidden();
    await page.waitForTimeout(300);
    expect(hits).toEqual([]);
  });

  test("per category: the all switch follows the boxes, saving runs only what was chosen", async ({ page }) => {
    const hits = await trackRequests(page);
    await page.goto("/dev/shell?culture=fr");
    await consentReady(page);
    const dialog = page.locator("#consent-dialog");
    await dialog.getByRole("button", { name: "Personnaliser" }).click();
    const all = dialog.getByLabel("Toutes les catégories");
    await expect(all).not.toBeChecked();
    for (const name of ["Préférences", "Statistiques", "Marketing"]) await dialog.getByLabel(name).check();
    await expect(all).toBeChecked();
    await dialog.getByLabel("Marketing").uncheck();
    await dialog.getByLabel("Préférences").uncheck();
    await expect(all).not.toBeChecked();
    await dialog.getByRole("button", { name: "Enregistrer mes choix" }).click();
    await expect(dialog).toBeHidden();
    expect((await storedConsent(page))?.value).toEqual({
      stamp: CONSENT_STAMP,
      preferences: false,
      statistics: true,
      marketing: false,
    });
    await expect.poll(() => hits).toEqual(["statistics"]);
    // Reopened from the footer: the boxes show the saved choice.
    await page.getByRole("link", { name: "Paramètres des cookies" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Personnaliser" }).click();
    await expect(dialog.getByLabel("Statistiques")).toBeChecked();
    await expect(dialog.getByLabel("Marketing")).not.toBeChecked();
    await dialog.getByRole("button", { name: "Tout refuser" }).click();
    expect((await storedConsent(page))?.value.statistics).toBe(false);
  });

  test("the operator's tag-manager container loads only after its consent category, allowed by the CSP", async ({
    page,
  }) => {
    const containers: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/gtm.js")) containers.push(r.url());
    });
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content.Security.Policy/i.test(m.text())) violations.push(m.text());
    });
    const response = await page.goto("/fr/c/vetements");
    expect(/script-src [^;]*/.exec(response?.headers()["content-security-policy"] ?? "")?.[0]).toContain(
      outsideOrigin(),
    );
    await consentReady(page);
    await page.waitForTimeout(300);
    expect(containers).toEqual([]);
    // Refusing keeps it away; accepting statistics (all) loads it once, after its start in the dataLayer.
    await page.locator("#consent-dialog").getByRole("button", { name: "Tout accepter" }).click();
    await expect.poll(() => containers).toEqual([`${outsideOrigin()}/gtm.js?id=GTM-TEST1`]);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __tagManagerLoads?: number }).__tagManagerLoads))
      .toBe(1);
    expect(
      await page.evaluate(() => (window as unknown as { __tagManagerSawStart?: boolean }).__tagManagerSawStart),
    ).toBe(true);
    expect(violations).toEqual([]);
  });

  test("a visitor who declines never loads the tag-manager container", async ({ page }) => {
    const containers: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/gtm.js")) containers.push(r.url());
    });
    await page.goto("/fr/c/vetements");
    await consentReady(page);
    await page.locator("#consent-dialog").getByRole("button", { name: "Tout refuser" }).click();
    await page.reload();
    await page.waitForTimeout(500);
    // The container is on the page, gated: it would load on a wrong decision.
    await expect(page.locator('script[data-tag-manager][type="text/plain"]')).toHaveCount(1);
    expect(containers).toEqual([]);
  });

  test("a changed stamp asks again", async ({ page, context, baseURL }) => {
    const old = consentCookie(baseURL as string, { preferences: true, statistics: true, marketing: true });
    await context.addCookies([{ ...old, value: old.value.replace(encodeURIComponent(CONSENT_STAMP), "2025-01-01") }]);
    await page.goto("/fr/");
    await expect(page.locator("#consent-dialog")).toBeVisible();
    await context.addCookies([old]);
    await page.goto("/fr/");
    await expect(page.locator("#consent-dialog")).toBeHidden();
  });

  test("a visitor who already decided downloads no React", async ({ page, context, baseURL }) => {
    await context.addCookies([consentCookie(baseURL as string)]);
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    await page.goto("/fr/c/vetements");
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((s) => /\/client\.[\w-]+\.js$/.test(s))).toEqual([]);
  });

  test("a first visit answers the prompt without React; only customise loads it", async ({ page }) => {
    const react: string[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      if (isReactBundle(await response.text().catch(() => ""))) react.push(response.url());
    });
    await page.goto("/fr/c/vetements");
    await consentReady(page);
    const dialog = page.locator("#consent-dialog");
    // Hovering and focusing the prompt are not reasons to download React.
    await dialog.hover();
    await dialog.getByRole("button", { name: "Tout refuser" }).focus();
    await page.waitForLoadState("networkidle");
    expect(react).toEqual([]);
    await dialog.getByRole("button", { name: "Tout refuser" }).click();
    await expect(dialog).toBeHidden();
    expect((await storedConsent(page))?.value).toMatchObject({
      preferences: false,
      statistics: false,
      marketing: false,
    });
    await page.waitForLoadState("networkidle");
    expect(react).toEqual([]);

    // A new first visit: customise hands the prompt to the React island, which opens on the categories.
    await page.context().clearCookies();
    await page.goto("/fr/c/vetements");
    await consentReady(page);
    await dialog.getByRole("button", { name: "Personnaliser" }).click();
    await expect(dialog.getByLabel("Statistiques")).toBeVisible();
    expect(react.length).toBeGreaterThan(0);
    await expect(dialog).toHaveJSProperty("open", true);
    expect(await page.evaluate(() => document.querySelector("#consent-dialog")?.matches(":modal"))).toBe(true);
  });

  test("after Escape on the first layer, the footer's dialog saves a choice once", async ({ page }) => {
    const recorded: unknown[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/v1/consent")) recorded.push(r.postDataJSON());
    });
    await page.goto("/fr/c/vetements");
    await consentReady(page);
    await page.evaluate(() => {
      const w = window as unknown as { __broadcasts: number };
      w.__broadcasts = 0;
      document.addEventListener("Manager:setCookieConsent", () => w.__broadcasts++);
    });
    const dialog = page.locator("#consent-dialog");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.getByRole("link", { name: "Paramètres des cookies" }).click();
    await expect(dialog).toBeVisible();
    await consentReady(page);
    await dialog.getByRole("button", { name: "Tout accepter" }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => recorded.length).toBe(1);
    // A second handler would have saved again by now.
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as unknown as { __broadcasts: number }).__broadcasts)).toBe(1);
    expect(recorded).toHaveLength(1);
  });

  test("without JavaScript the dialog is a form that stores the choice", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    // Customising leads to the cookie settings page, which keeps the way back.
    await page.goto("/nl/c/kleding");
    await page.locator("#consent-dialog").getByRole("button", { name: "Aanpassen" }).click();
    await expect(page).toHaveURL(/\/nl\/cookies\?returnUrl=%2Fnl%2Fc%2Fkleding$/);
    await expect(page.getByRole("checkbox", { name: /Statistieken/ })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === "CookieConsent")).toBeUndefined();
    await page.goto("/nl/c/kleding");
    const dialog = page.locator("#consent-dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Alles weigeren" }).click();
    await expect(page).toHaveURL(/\/nl\/c\/kleding$/);
    await expect(page.locator("#consent-dialog")).toBeHidden();
    const cookie = (await context.cookies()).find((c) => c.name === "CookieConsent");
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? "{}"))).toEqual({
      stamp: CONSENT_STAMP,
      preferences: false,
      statistics: false,
      marketing: false,
    });
    await context.close();
  });

  test("the older cookie-law banner hides once accepted, for a year", async ({ page, context, baseURL }) => {
    await context.addCookies([consentCookie(baseURL as string)]);
    await page.goto("/dev/shell?culture=fr");
    const banner = page.locator(".cookie-law");
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "J'accepte" }).click();
    await expect(banner).toBeHidden();
    const cookie = (await context.cookies()).find((c) => c.name === "CookieLawAccepted");
    expect(((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(364);
    await page.reload();
    await expect(page.locator(".cookie-law")).toHaveCount(0);
  });
});
