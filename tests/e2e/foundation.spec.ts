import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, seriousViolations, test } from "../support/e2e";

test.describe("cultures", () => {
  test("the root redirects to the browser's best culture", async ({ browser }) => {
    const context = await browser.newContext({
      locale: "de-DE",
      extraHTTPHeaders: { "Accept-Language": "de-DE,de;q=0.9,en;q=0.5" },
    });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page).toHaveURL(/\/de\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await context.close();
  });

  test("an unknown culture is a 404 page", async ({ page }) => {
    const response = await page.goto("/en/");
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1")).toBeVisible();
  });

  test("every page lists the six cultures and x-default as alternates", async ({ page }) => {
    await page.goto("/nl/");
    const hreflangs = await page
      .locator('link[rel="alternate"]')
      .evaluateAll((links) => links.map((l) => l.getAttribute("hreflang")));
    expect(hreflangs.sort()).toEqual(["de", "es", "fr", "it", "nl", "pt", "x-default"]);
  });

  test("the language switch maps translated slugs and keeps the query", async ({ page }) => {
    await page.goto("/fr/");
    await page.locator("#site-nav .site-nav__link").first().click();
    await expect(page).toHaveURL(/\/fr\/c\/vetements/);
    await page.goto("/fr/c/vetements?pageindex=2");
    await page.locator('#language-switch a[hreflang="nl"]').click();
    await expect(page).toHaveURL(/\/nl\/c\/kleding\?pageindex=2$/);
    await expect(page.locator("h1")).toHaveText("Kleding");
  });

  test("a product page switches to the other culture's slug", async ({ page }) => {
    await page.goto("/es/");
    await page.locator(".product-card a").first().click();
    await expect(page.locator("article.product")).toBeVisible();
    const spanish = new URL(page.url()).pathname;
    await page.locator('#language-switch a[hreflang="de"]').click();
    await expect(page).toHaveURL(/\/de\/p\//);
    const german = new URL(page.url()).pathname;
    expect(german).toMatch(/^\/de\/p\//);
    expect(german.split("-").at(-1)).toBe(spanish.split("-").at(-1));
    expect(german).not.toBe(spanish.replace("/es/", "/de/"));
  });
});

test.describe("home", () => {
  test("shows categories and featured products with photos and prices", async ({ page }) => {
    await page.goto("/fr/");
    const cards = page.locator(".product-card");
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    await expect(cards.first().locator(".price")).toContainText("€");
    const loaded = await page
      .locator(".product-card img")
      .first()
      .evaluate(async (img: HTMLImageElement) => {
        if (!img.complete) await new Promise((r) => img.addEventListener("load", r, { once: true }));
        return img.naturalWidth;
      });
    expect(loaded).toBeGreaterThan(0);
    await expect(page.locator("body")).toHaveClass(/homepage/);
  });

  test("loads no React on first load", async ({ page }) => {
    const scripts: string[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "script") scripts.push(r.url());
    });
    await page.goto("/fr/");
    await page.waitForLoadState("networkidle");
    const react = scripts.filter((url) => /client\.[\w-]+\.js|react/i.test(url));
    expect(react).toEqual([]);
  });

  test("the header search submits to the catalogue", async ({ page }) => {
    await page.goto("/it/");
    await page.locator(".site-header search").getByRole("combobox").fill("lana");
    await page.locator(".site-header search").getByRole("combobox").press("Enter");
    await expect(page).toHaveURL(/\/it\/catalog\?q=lana/);
    await expect(page.locator(".product-card").first()).toBeVisible();
  });

  test("has no serious accessibility violation", async ({ page }) => {
    await page.goto("/fr/");
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("sign-in", () => {
  test("signs in, returns to the page, and signs out", async ({ page, context }) => {
    await page.goto("/fr/c/vetements");
    await page.getByRole("link", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/fr\/security\/login\?returnUrl=%2Ffr%2Fc%2Fvetements/);
    await page.getByLabel("Adresse e-mail").fill("marie@vitrine.test");
    await page.getByLabel("Mot de passe").fill("Vitrine-demo-1");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/fr\/c\/vetements$/);
    await expect(page.locator(".account-link")).toHaveText("Bonjour Marie");
    const cookie = (await context.cookies()).find((c) => c.name === "vitrine_sid");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.secure).toBe(true);
    // Sign-out is the last entry of the account menu.
    await page.locator(".account-link").click();
    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page).toHaveURL(/\/fr\/$/);
    await expect(page.getByRole("link", { name: "Se connecter" })).toBeVisible();
  });

  test("refuses a wrong password with the same message as an unknown address", async ({ page }) => {
    await page.goto("/nl/security/login");
    await page.getByLabel("E-mailadres").fill("marie@vitrine.test");
    await page.getByLabel("Wachtwoord").fill("wrong");
    await page.getByRole("button", { name: "Aanmelden" }).click();
    await expect(page.getByRole("alert")).toHaveText("E-mailadres of wachtwoord onjuist.");
  });

  test("never redirects off-site after sign-in", async ({ page }) => {
    await page.goto("/fr/security/login?returnUrl=https%3A%2F%2Fevil.example%2F");
    await page.getByLabel("Adresse e-mail").fill("lucia@vitrine.test");
    await page.getByLabel("Mot de passe").fill("Vitrine-demo-3");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/fr\/$/);
  });

  test("serves the login form as a fragment for a modal", async ({ request }) => {
    const response = await request.get("/fr/security/login?modal=1&returnUrl=%2Ffr%2F");
    const html = await response.text();
    expect(html).toContain("data-login-form");
    expect(html).not.toContain("<html");
  });

  test("an API that needs a customer answers 401 JSON", async ({ request }) => {
    const response = await request.get("/api/v1/security/me?culture=pt");
    expect(response.status()).toBe(401);
    expect(await response.json()).toEqual({ Code: "Unauthorized", Message: "Inicie sessão.", Errors: {} });
  });
});

test.describe("server", () => {
  test("sends security headers and compresses HTML", async ({ request }) => {
    const response = await request.get("/fr/", { headers: { "Accept-Encoding": "br, gzip" } });
    const headers = response.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBeTruthy();
    expect(headers["content-encoding"]).toMatch(/br|gzip/);
  });

  test("serves built assets precompressed and immutable", async ({ page, request }) => {
    await page.goto("/fr/");
    // The shell's chunk (swup's page script in front of it is a one-line import, too small to compress).
    const src = await page.locator('script[type="module"][src^="/_astro/PageFrame."]').getAttribute("src");
    const response = await request.get(src as string, { headers: { "Accept-Encoding": "br" } });
    expect(response.headers()["content-encoding"]).toBe("br");
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("refuses a cross-site form post", async ({ request }) => {
    const response = await request.post("/fr/security/login", {
      form: { Email: "marie@vitrine.test", Password: "Vitrine-demo-1" },
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status()).toBe(403);
  });

  test("answers malformed page requests with 4xx, never 5xx", async ({ request, baseURL }) => {
    const paths = [
      "/xx/",
      "/fr/c/%00",
      "/fr/c/no-such-category",
      "/fr/p/-1",
      "/fr/p/abc",
      "/fr/p/%E0%A4%A",
      "/fr/catalog?pageindex=-1&pageSize=abc&q=%00",
      `/fr/catalog?q=${"x".repeat(3000)}`,
      "/media/..%2F..%2Fetc%2Fpasswd",
      "/media/00000000-0000-5000-a000-000000000000.webp",
      "/dev/islands/nope/nope",
      "/fr/security/login?returnUrl=%00",
    ];
    for (const path of paths) {
      const response = await request.get(path);
      expect(response.status(), path).toBeLessThan(500);
    }
    for (const data of ["%%%", `Email=${"a".repeat(100_000)}`]) {
      const response = await request.post("/fr/security/login", {
        data,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL as string },
      });
      expect(response.status()).toBeLessThan(500);
    }
  });
});

/** The registered islands' names, read from their definitions (the tests are declared before any server runs). */
const ISLAND_NAMES = readdirSync("src/features", { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".island.ts"))
  .flatMap((file) => [...readFileSync(join("src/features", file), "utf8").matchAll(/^\s+name: "([a-z0-9-]+)",$/gm)])
  .map((match) => match[1] as string)
  .sort();

test.describe("every island's fixtures", () => {
  // One test per island, spread over the workers: each renders only what its own server has.
  test.describe.configure({ mode: "parallel" });

  test("are the registry's, island by island", async ({ request }) => {
    const islands = (await (await request.get("/api/v1/islands")).json()) as { Name: string }[];
    expect(islands.map((island) => island.Name).sort()).toEqual(ISLAND_NAMES);
  });

  // Every fixture of every island on one page per culture (/dev/islands/all): one load and one axe run
  // each, where a page and a run per fixture were the largest part of the browser tests' time. Every label
  // exists and is not empty in every language (tests/unit/i18n.test.ts).
  for (const culture of ["fr", "nl"]) {
    test(`in ${culture}, every fixture renders in the shell without serious accessibility violations`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      // A fixture that opens itself as a modal dialog (the pickup finder's) would make the rest of the page
      // inert, where axe sees nothing: here its dialog opens in place, its content checked with the rest.
      // Its modal behaviour has tests of its own (pickup.spec.ts).
      await page.addInitScript(() => {
        HTMLDialogElement.prototype.showModal = function showInPlace(this: HTMLDialogElement) {
          this.dataset.modalInPlace = "";
          this.show();
        };
      });
      const islands = (await (await request.get("/api/v1/islands")).json()) as { Name: string; Fixtures: string[] }[];
      const response = await page.goto(`/dev/islands/all?culture=${culture}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", culture);
      for (const island of islands) {
        expect(island.Fixtures.length, island.Name).toBeGreaterThan(0);
        for (const fixture of island.Fixtures)
          await expect(
            page.locator(`[data-island-preview="${island.Name}"][data-island-fixture="${fixture}"]`),
            `${island.Name}/${fixture}`,
          ).not.toBeEmpty();
      }
      // The islands that hydrate by themselves have, and what they do then is done (300 ms without a change).
      await expect(page.locator('astro-island[ssr]:is([client="load"], [client="idle"])')).toHaveCount(0);
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            let timer = setTimeout(done, 300);
            const observer = new MutationObserver(() => {
              clearTimeout(timer);
              timer = setTimeout(done, 300);
            });
            function done() {
              observer.disconnect();
              resolve();
            }
            observer.observe(document.body, { subtree: true, childList: true, attributes: true });
            setTimeout(done, 10_000);
          }),
      );
      await expect(page.locator("[inert], dialog:modal")).toHaveCount(0);
      expect(await seriousViolations(page, { include: "[data-island-preview]" })).toEqual([]);
    });
  }
});

test.describe("islands", () => {
  test("the mini-cart fixture shows its count and hydrates on interaction", async ({ page }) => {
    await page.goto("/dev/islands/mini-cart/three-items?culture=fr");
    const preview = page.locator('[data-island-preview="mini-cart"]');
    await expect(preview.locator("[data-cart-count]")).toHaveText("3");
    await expect(preview.locator("[data-cart-count-label]")).toHaveText("3 articles");
    await expect(preview.locator("astro-island")).toHaveAttribute("ssr", "");
    await preview.locator("a").hover();
    await expect(preview.locator("astro-island")).not.toHaveAttribute("ssr", "");
  });

  test("the header mini-cart shows the server's count", async ({ page }) => {
    await page.goto("/fr/");
    await expect(page.locator(".site-header [data-cart-count]")).toHaveText("0");
  });
});
