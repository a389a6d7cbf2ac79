import { test as base, expect, type Page } from "@playwright/test";
import { generate } from "otplib";
import { createCustomer, removeCustomer, type TestCustomer } from "./customers";
import { startWorkerServer, type WorkerServer } from "./e2e-server";

/** The consent stamp the e2e server runs with (the default of CONSENT_STAMP). */
export const CONSENT_STAMP = "2026-11-01";

export function consentCookie(baseURL: string, choices = { preferences: false, statistics: false, marketing: false }) {
  return {
    name: "CookieConsent",
    value: encodeURIComponent(JSON.stringify({ stamp: CONSENT_STAMP, ...choices })),
    url: baseURL,
  };
}

/** The popup memory (spec 001) of a visitor who already closed the demo home page's welcome popup. */
export function closedPopupCookie(baseURL: string) {
  return {
    name: "PopupMemory",
    value: encodeURIComponent(JSON.stringify({ notShow: [{ id: "popup-1", datetime: "2026-11-01T00:00:00.000Z" }] })),
    url: baseURL,
  };
}

/**
 * Every test runs against its worker's own server and database (tests/support/e2e-server.ts): `baseURL`
 * is that server's address, and `E2E_DATABASE` its database, for the few tests that write to it directly.
 */
// biome-ignore lint/complexity/noBannedTypes: Playwright's way to say "no test fixtures of our own"
const isolated = base.extend<{}, { workerServer: WorkerServer }>({
  workerServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from its first parameter
    async ({}, use, workerInfo) => {
      const server = await startWorkerServer(workerInfo.parallelIndex, `w${workerInfo.parallelIndex}`);
      process.env.E2E_DATABASE = server.database;
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 150_000 },
  ],
  baseURL: async ({ workerServer }, use) => {
    await use(workerServer.url);
  },
});

/**
 * A first-time visitor: no cookie at all, page loads that return once the shell has started, clicks
 * that wait for it on pages reached otherwise (a link, a form post, a script's reload), and each page
 * touched once it has loaded.
 */
export const firstVisit = isolated.extend({
  context: async ({ context }, use) => {
    await context.addInitScript(holdClicksUntilShellReady);
    await context.addInitScript(touchOnceLoaded);
    await use(context);
  },
  page: async ({ page }, use) => {
    withShellReady(page);
    await use(page);
  },
});

/**
 * Runs in each document of a test's browser: while the shell waits (decision 052) the page takes no
 * pointer, so Playwright's click, which checks that its target receives the pointer, waits and retries as
 * a shopper who waits for the page to settle would. The tests of what a click does before the shell
 * starts (shell.spec's decision 052 block) open their own context without this.
 */
function holdClicksUntilShellReady() {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync("html[data-shell='waiting'] body { pointer-events: none !important; }");
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/**
 * Runs in each document of a test's browser too: the page is touched once it has loaded, so the shell
 * starts on that first intent (decision 052), as for a shopper who touches the page, not at the
 * browser's next idle moment, which a busy machine puts off by up to IDLE_WAIT_MS on every load. A test
 * of a page kept waiting sets `window.noTestTouch` in an init script of its own.
 */
function touchOnceLoaded() {
  window.addEventListener(
    "load",
    () =>
      setTimeout(() => {
        if (!(window as unknown as { noTestTouch?: boolean }).noTestTouch)
          window.dispatchEvent(new KeyboardEvent("keydown", { key: "Shift" }));
      }, 0),
    { once: true },
  );
}

/**
 * Tests of everything but consent and popups: a visitor who already answered the cookie prompt and
 * closed the home page's welcome popup (which would otherwise cover the page after 3 seconds).
 */
export const test = firstVisit.extend<{
  customer: TestCustomer;
  customerCulture: string;
  /** Whether the test's customer is a business (with Jan's company and VAT number), not a private one. */
  customerBusiness: boolean;
  staff: TestCustomer;
  owner: TestCustomer;
}>({
  context: async ({ context, baseURL }, use) => {
    await context.addCookies([consentCookie(baseURL as string), closedPopupCookie(baseURL as string)]);
    await use(context);
  },
  customerCulture: ["fr", { option: true }],
  customerBusiness: [false, { option: true }],
  /** A customer of the test's own (tests/support/customers.ts): created when asked for, removed after. */
  customer: async ({ workerServer, customerCulture, customerBusiness }, use) => {
    const customer = await createCustomer(workerServer.database, customerCulture, { business: customerBusiness });
    await use(customer);
    removeCustomer(workerServer.database, customer);
  },
  /** The shop's owner, of the test's own: signs in with two factors (`signIn(..., owner.totpSecret)`). */
  owner: async ({ workerServer }, use) => {
    const owner = await createCustomer(workerServer.database, "fr", { role: "owner" });
    await use(owner);
    removeCustomer(workerServer.database, owner);
  },
  /** A shop assistant of the test's own: the counter's cart is theirs, not the demo staff account's. */
  staff: async ({ workerServer }, use) => {
    const staff = await createCustomer(workerServer.database, "fr", { role: "assistant" });
    await use(staff);
    removeCustomer(workerServer.database, staff);
  },
});

/**
 * A page's scripts start after its first paint (decision 052): until then a click is a plain page load
 * or form post, which works but is not what a test of the enhanced page looks at. Page loads the test
 * asks for (goto, reload, back, forward) return once the shell has started, as a shopper who waits for
 * the page to settle would see it; pages without the shell (JSON, previews) return at once.
 */
export function withShellReady(page: Page) {
  for (const name of ["goto", "reload", "goBack", "goForward"] as const) {
    const original = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const response = await original(...args);
      await shellReady(page);
      return response;
    };
  }
}

/**
 * Waits until the page's shell has started (html[data-shell] is no longer "waiting"). A shell that does
 * not start fails the test here, where it happened, not at the next click that needed it. A document the
 * page leaves meanwhile (a redirect made by script) is followed to the next one.
 */
export async function shellReady(page: Page) {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.waitForFunction(() => document.documentElement.dataset.shell !== "waiting", undefined, {
        timeout: 20_000,
      });
      return;
    } catch (error) {
      if (attempt === 3 || /Timeout/i.test(String(error))) throw error;
    }
  }
}

/**
 * A script body that is React (react-dom's production build links its errors to react.dev; the
 * minifier drops the licence comments).
 */
export const isReactBundle = (body: string) => body.includes("https://react.dev/errors/");

/**
 * Starts page loading by Ajax as a shopper's first intent does (the pointer over a link it would load:
 * src/shell/swup-start.ts) and waits for swup. Before it, a click on a link is held until swup is there.
 */
export async function swupStarted(page: Page) {
  await shellReady(page);
  await page.waitForFunction(
    () => {
      if (document.documentElement.classList.contains("swup-enabled")) return true;
      for (const link of document.querySelectorAll("a[href^='/']:not([target]):not([download])"))
        link.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
      return false;
    },
    undefined,
    { polling: 250, timeout: 20_000 },
  );
}

/**
 * Does something that reloads the whole page (a form post, `location.reload()`), then waits for the new
 * document and its shell. Clicks wait for the shell by themselves (holdClicksUntilShellReady); this is
 * for what does not: typing into a field whose behaviour (suggestions) the test then looks at, and a
 * locator that the page being left could still answer.
 */
export async function reloadedBy(page: Page, action: () => Promise<unknown>) {
  await Promise.all([page.waitForEvent("load"), action()]);
  await shellReady(page);
}

export { expect };

/** Serious and critical axe violations on the page, or within one part of it ("id: targets" each). */
export async function seriousViolations(
  page: import("@playwright/test").Page,
  scope: { include?: string; exclude?: string } = {},
) {
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  let builder = new AxeBuilder({ page });
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

/**
 * Adds the first in-stock product without variations from its card in the catalogue. With JavaScript it
 * waits for the list's behaviour first: a click before it arrives is a plain form post (it works, but
 * comes back as a page with a notice instead of the continue-or-basket dialog this checks).
 */
export async function addFromCard(page: Page, culture: string, javaScript = true) {
  await page.goto(`/${culture}/catalog?q=`);
  const form = page.locator("form[data-card-add-to-cart]").first();
  await expect(form).toBeVisible();
  if (!javaScript) {
    await form.locator("button").click();
    return;
  }
  await expect(page.locator("[data-connected~=ecommerce]").first()).toBeAttached({ timeout: 15_000 });
  await form.locator("button").click();
  await expect(page.locator("dialog[open]")).toBeVisible();
}

/** Signs in through the login page and waits to leave it. */
export async function signIn(page: Page, email: string, password: string, culture = "fr", totpSecret?: string) {
  await page.goto(`/${culture}/security/login`);
  await page.locator("[name=Email]").fill(email);
  await page.locator("[name=Password]").fill(password);
  await page.locator("[name=Password]").press("Enter");
  if (totpSecret) await secondFactor(page, totpSecret);
  await expect(page).not.toHaveURL(/login/);
}

/** Time steps already used per secret: a step's code is accepted once, the next step's is accepted early. */
const stepsUsed = new Map<string, number>();

/** The second step of a sign-in with two-factor (an owner's): the code of a step not used yet. */
export async function secondFactor(page: Page, secret: string) {
  await expect(page).toHaveURL(/\/security\/twofactor\?/);
  const offset = stepsUsed.get(secret) ?? 0;
  stepsUsed.set(secret, offset + 1);
  await page
    .locator("[name=Code]")
    .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 }));
  await page.locator("[data-two-factor-form] button[type=submit]").click();
  await expect(page).not.toHaveURL(/twofactor/);
}

/** Waits for a swup swap to end (it marks the document busy). */
export async function settled(page: Page) {
  await expect(page.locator("html")).not.toHaveAttribute("aria-busy", "true");
}

/** Chooses a value of a list's fake select (spec 000) that stands for the native `select[name]`. */
export async function chooseInFakeSelect(page: Page, name: string, value: string) {
  const root = page.locator(`.fake-select:has(select[name=${name}])`);
  await root.locator("button[aria-haspopup=listbox]").click();
  await root.locator(`[role=option][data-value="${value}"]`).click();
}
