import type { Locator, Page } from "@playwright/test";
import { generate } from "otplib";
import { consentCookie, expect, seriousViolations, test } from "../support/e2e";

const PASSWORD = "Lantern orchard 47 tides";

/** The last link the outbox holds for an address (the development outbox page, on in the e2e server). */
async function mailedLink(page: Page, email: string, path: string): Promise<string> {
  const outbox = await page.context().newPage();
  await outbox.goto("/dev/mails");
  const mail = outbox
    .locator("[data-mail]", { hasText: `To ${email}` })
    .filter({ hasText: path })
    .first();
  const text = (await mail.locator("pre").textContent()) ?? "";
  await outbox.close();
  const url = /https?:\/\/\S+/.exec(text)?.[0];
  expect(url, `a link to ${path} mailed to ${email}`).toBeTruthy();
  return new URL(url as string).pathname + new URL(url as string).search;
}

async function register(page: Page, email: string, culture = "fr") {
  await page.goto(`/${culture}/security/register`);
  await page.locator("[name=Email]").fill(email);
  await page.locator("[name=Password]").fill(PASSWORD);
  await page.locator("[name=FirstName]").fill("Léa");
  await page.locator("[name=LastName]").fill("Martin");
  await page.locator("[name=AcceptTerms]").check();
  await page.locator("[data-register-form] button[type=submit]").click();
  await expect(page).toHaveURL(new RegExp(`/${culture}/account\\?registered=1$`));
}

async function signOut(page: Page) {
  // Her summary has filled the area (a count of none could pass before the parser reaches it).
  await expect(page.locator("#account-area .account-link:not([data-personal-placeholder])")).toBeVisible();
  await expect(page.locator("#account-area [data-personal-placeholder]")).toHaveCount(0);
  await page.locator(".account-link").click();
  await page.locator(".account-menu__signout").click();
  await expect(page.locator("a.account-link")).toBeVisible();
}

/** Axe once the page has settled (a swup swap in progress marks the document busy). */
async function axe(page: Page, scope: { include?: string } = {}) {
  await expect(page.locator("html")).not.toHaveAttribute("aria-busy", "true");
  return seriousViolations(page, scope);
}

const uniqueEmail = (name: string) => `${name}.${Date.now()}@example.org`;

test("a shopper registers, verifies the address, signs out, forgets the password and resets it", async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("lea");
  await register(page, email);
  await expect(page.locator("[data-registered]")).toBeVisible();
  await expect(page.locator(".account-link")).toHaveText("Bonjour Léa");
  expect(await axe(page)).toEqual([]);

  await page.goto(await mailedLink(page, email, "/security/verify"));
  await expect(page.locator("[data-verified]")).toBeVisible();
  await page.goto("/fr/account/profile");
  await expect(page.locator("[data-email-verified]")).toBeVisible();
  await signOut(page);

  await page.goto("/fr/security/login");
  await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
  // The swap has put the new page in place (axe then waits for it to settle): checked any earlier, it
  // could start while swup marked the document busy.
  await expect(page.getByRole("button", { name: "Envoyer le lien" })).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await page.locator("[name=Email]").fill(email);
  await page.getByRole("button", { name: "Envoyer le lien" }).click();
  await expect(page.locator("[data-reset-requested]")).toBeVisible();

  await page.goto(await mailedLink(page, email, "/security/resetpassword"));
  expect(await axe(page)).toEqual([]);
  // The browser says what the server would before anything is sent.
  await page.locator("[name=Password]").fill("short");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.locator("[data-valmsg-for=Password]")).toHaveText(
    "Au moins 10 caractères, sans votre adresse e-mail.",
  );
  await page.locator("[name=Password]").fill("Copper kettle 19 meadows");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.locator("[data-password-reset]")).toBeVisible();
  await page.locator("[name=Email]").fill(email);
  await page.locator("[name=Password]").fill("Copper kettle 19 meadows");
  await page.locator("[name=Password]").press("Enter");
  await expect(page.locator(".account-link")).toHaveText("Bonjour Léa");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("registration works as a plain form, keeps what was typed when refused, and hides company fields for a private account", async ({
    page,
  }) => {
    const email = uniqueEmail("nojs");
    await page.goto("/nl/security/register");
    await expect(page.locator("[name=CompanyName]")).toBeHidden();
    await page.locator("[name=AccountType][value=Business]").check();
    await expect(page.locator("[name=CompanyName]")).toBeVisible();
    await page.locator("[name=AccountType][value=Private]").check();
    await page.locator("[name=Email]").fill(email);
    await page.locator("[name=Password]").fill("password123456");
    await page.locator("[name=FirstName]").fill("Jan");
    await page.locator("[name=LastName]").fill("Peeters");
    await page.locator("[name=AcceptTerms]").check();
    await page.locator("[data-register-form] button[type=submit]").click();
    await expect(page.locator("#field-Password-error")).toContainText("te gangbaar");
    await expect(page.locator("[name=Email]")).toHaveValue(email);
    await expect(page.locator("[name=FirstName]")).toHaveValue("Jan");
    await page.locator("[name=Password]").fill(PASSWORD);
    await page.locator("[name=AcceptTerms]").check();
    await page.locator("[data-register-form] button[type=submit]").click();
    await expect(page).toHaveURL(/\/nl\/account\?registered=1$/);
    await expect(page.locator("[data-registered]")).toBeVisible();
  });
});

test("a customer enrols two-factor in the modal, then signs in with a code", async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("totp");
  await register(page, email);
  await page.goto("/fr/account/profile");
  expect(await axe(page)).toEqual([]);
  await page.getByRole("link", { name: "Gérer la double authentification" }).click();
  const modal = page.locator("#shell-modal");
  await expect(modal).toBeVisible();
  // A link to security/twofactorhome reloads inside the modal body.
  await modal.getByRole("link", { name: "Activer la double authentification" }).click();
  const secret = (await modal.locator("[data-totp-secret]").textContent()) ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(modal.locator(".two-factor__qr svg")).toBeVisible();
  expect(await axe(page, { include: "#shell-modal" })).toEqual([]);
  // The back link steps back inside the modal.
  await modal.getByRole("link", { name: "Retour" }).click();
  await modal.getByRole("link", { name: "Activer la double authentification" }).click();
  await expect(modal.locator("[data-totp-secret]")).toHaveText(secret);
  // The current step's code: the previous step's leaves the server's ±30 s window if a step ends before it checks.
  await modal.locator("[name=Code]").fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
  await modal.getByRole("button", { name: "Activer", exact: true }).click();
  await expect(modal.locator("[data-recovery-codes] li")).toHaveCount(10);
  // On the success marker the page refreshes once the modal is closed.
  await modal.locator("[data-modal-close]").click();
  await expect(page.locator("[data-two-factor-state=on]")).toBeVisible();

  await signOut(page);
  await page.goto("/fr/security/login");
  await page.locator("[name=Email]").fill(email);
  await page.locator("[name=Password]").fill(PASSWORD);
  await page.locator("[name=Password]").press("Enter");
  await expect(page).toHaveURL(/\/fr\/security\/twofactor\?/);
  await expect(page.locator("a.account-link")).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await page.locator("[name=Code]").fill("000000");
  await page.getByRole("button", { name: "Vérifier" }).click();
  await expect(page.getByRole("alert")).toContainText("Ce code n'est pas valable");
  await page.locator("[name=Code]").fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole("button", { name: "Vérifier" }).click();
  await expect(page.locator(".account-link")).toHaveText("Bonjour Léa");
});

test("a customer keeps an address book: adds, makes default, deletes", async ({ page }) => {
  await register(page, uniqueEmail("book"));
  // The account page's header shows her menu once her summary has come (decision 065).
  // Her summary has filled the area (a count of none could pass before the parser reaches it).
  await expect(page.locator("#account-area .account-link:not([data-personal-placeholder])")).toBeVisible();
  await expect(page.locator("#account-area [data-personal-placeholder]")).toHaveCount(0);
  await page.locator(".account-link").click();
  await page.locator("#account-area").getByRole("link", { name: "Mes adresses" }).click();
  await expect(page).toHaveURL(/\/fr\/account\/addresses$/);
  await page.getByRole("link", { name: "Ajouter une adresse" }).click();
  await page.locator("[name=FirstName]").fill("Léa");
  await page.locator("[name=LastName]").fill("Martin");
  await page.locator("[name=Street1]").fill("Rue Haute 5");
  await page.locator("[name=PostalCode]").fill("1000");
  await page.locator("[name=City]").fill("Bruxelles");
  await page.locator("[name=AddressType][value=Both]").check();
  await page.getByRole("button", { name: "Enregistrer l'adresse" }).click();
  await expect(page).toHaveURL(/\/fr\/account\/addresses/);
  const card = page.locator(".address-book__card", { hasText: "Rue Haute 5" });
  await expect(card).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await card.getByRole("button", { name: "Adresse de livraison par défaut" }).click();
  await expect(page.locator(".address-book__card", { hasText: "Rue Haute 5" }).locator(".badge")).toHaveText(
    "Livraison par défaut",
  );
  await page
    .locator(".address-book__card", { hasText: "Rue Haute 5" })
    .getByRole("button", { name: /Supprimer/ })
    .click();
  await expect(page.locator(".address-book__card", { hasText: "Rue Haute 5" })).toHaveCount(0);
  await expect(page.locator(".account-page .notice--success")).toHaveText("Adresse supprimée.");
});

test("a guest asking for an account page is sent to sign in, and comes back after", async ({ page }) => {
  for (const path of [
    "/fr/account",
    "/fr/account/profile",
    "/fr/account/addresses",
    "/fr/account/prepaid",
    "/fr/account/refunds",
    "/fr/security/twofactorhome",
    "/fr/sales/prepaid",
    "/fr/sales/order/VT-DE40000001/refund",
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(
      new RegExp(`/fr/security/login\\?returnUrl=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
    );
  }
  await page.locator("[name=Email]").fill("marie@vitrine.test");
  await page.locator("[name=Password]").fill("Vitrine-demo-1");
  await page.locator("[name=Password]").press("Enter");
  await expect(page).toHaveURL(/\/fr\/sales\/order\/VT-DE40000001\/refund$/);
});

test("the new pages pass axe: registration, a used verification link, staff prepaid sales", async ({ page }) => {
  await page.goto("/fr/security/register");
  expect(await axe(page)).toEqual([]);
  await page.goto("/fr/security/verify?token=no-such-token");
  await expect(page.getByRole("alert")).toHaveText("Ce lien n'est plus valable : il a déjà servi ou a expiré.");
  expect(await axe(page)).toEqual([]);
  await page.goto("/fr/security/login");
  await page.locator("[name=Email]").fill("staff@vitrine.test");
  await page.locator("[name=Password]").fill("Vitrine-staff-1");
  await page.locator("[name=Password]").press("Enter");
  await expect(page).not.toHaveURL(/login/);
  const customerId = await page.evaluate(async () => {
    const response = await fetch("/api/v1/sales/customers?q=marie");
    return ((await response.json()) as { CustomerId: number }[])[0]?.CustomerId;
  });
  await page.goto(`/fr/sales/prepaid?q=marie&CustomerId=${customerId}`);
  await expect(page.locator(".prepaid-account")).toHaveCount(2);
  expect(await axe(page)).toEqual([]);
});

test("the demo two-factor account signs in with a code of its published secret", async ({ page }) => {
  await page.goto("/pt/security/login");
  await page.locator("[name=Email]").fill("totp@vitrine.test");
  await page.locator("[name=Password]").fill("Vitrine-demo-4");
  await page.locator("[name=Password]").press("Enter");
  await expect(page).toHaveURL(/\/pt\/security\/twofactor\?/);
  await page.locator("[name=Code]").fill(await generate({ secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" }));
  await page.locator("[data-two-factor-form] button[type=submit]").click();
  await expect(page.locator(".account-link")).toHaveText("Olá, Tomás");
});

test("the language switch stores a signed-in customer's language, which the profile shows", async ({ page }) => {
  await register(page, uniqueEmail("words"));
  await page.locator("#language-switch").getByRole("link", { name: "nl" }).click();
  await expect(page).toHaveURL(/\/nl\/account/);
  await page.goto("/nl/account/profile");
  await expect(page.locator("#field-Culture")).toHaveValue("nl");
});

test("sign-in and registration labels rest in the empty field and rise when it is used, also without JavaScript", async ({
  page,
  browser,
  baseURL,
}) => {
  const risen = (label: Locator) => label.evaluate((e) => getComputedStyle(e).transform !== "none");
  await page.goto("/fr/security/login");
  const email = page.getByLabel("Adresse e-mail");
  const label = page.locator("label[for=login-email]");
  // At rest the label sits inside its field.
  const [field, text] = [await email.boundingBox(), await label.boundingBox()];
  expect(field && text && text.y > field.y && text.y + text.height < field.y + field.height).toBe(true);
  expect(await risen(label)).toBe(false);
  await email.focus();
  await expect.poll(() => risen(label)).toBe(true);
  await email.fill("marie@vitrine.test");
  await page.getByRole("heading", { level: 1 }).click();
  await expect.poll(() => risen(label)).toBe(true);
  expect(await page.locator("label[for=login-password]").evaluate((e) => getComputedStyle(e).transform)).toBe("none");

  await page.goto("/fr/security/register");
  const registration = page.locator("label[for=field-Email]");
  expect(await risen(registration)).toBe(false);
  await page.locator("#field-Email").fill("a@b.be");
  await expect.poll(() => risen(registration)).toBe(true);

  // Without JavaScript, CSS alone; with reduced motion, no transition.
  for (const options of [{ javaScriptEnabled: false }, { reducedMotion: "reduce" as const }]) {
    const context = await browser.newContext({ ...options, baseURL });
    await context.addCookies([consentCookie(baseURL as string)]);
    const other = await context.newPage();
    await other.goto("/fr/security/login");
    const otherLabel = other.locator("label[for=login-email]");
    expect(await risen(otherLabel)).toBe(false);
    await other.getByLabel("Adresse e-mail").fill("marie@vitrine.test");
    await other.getByLabel("Mot de passe").focus();
    await expect.poll(() => risen(otherLabel)).toBe(true);
    if (options.reducedMotion)
      expect(await otherLabel.evaluate((e) => getComputedStyle(e).transitionDuration)).toBe("0s");
    await context.close();
  }
});
