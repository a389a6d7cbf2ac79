import { expect, test } from "../support/e2e";
import { freshLoopback, rawRequest } from "../support/raw-http";

/** Defences measured against the production server itself (forged headers reach Node, not only Hono). */
test.describe("an attacker's forged headers", () => {
  const signIn = (baseURL: string, from: string, email: string, password: string, forged?: string) =>
    rawRequest(`${baseURL}/api/v1/security/login`, {
      method: "POST",
      from,
      headers: {
        "Content-Type": "application/json",
        Origin: baseURL,
        ...(forged ? { "X-Forwarded-For": forged } : {}),
      },
      body: JSON.stringify({ Email: email, Password: password }),
    });

  test("a rotating X-Forwarded-For does not buy more password guesses", async ({ baseURL }) => {
    const from = freshLoopback();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push(
        (await signIn(baseURL as string, from, "lucia@vitrine.test", `guess-${i}`, `198.51.100.${i + 1}`)).status,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  test("wrong passwords sent in the victim's name do not lock the victim out", async ({ baseURL }) => {
    const [attacker, victimAddress] = [freshLoopback(), freshLoopback()];
    for (let i = 0; i < 6; i++)
      await signIn(baseURL as string, attacker, "jan@vitrine.test", `guess-${i}`, victimAddress);
    const victim = await signIn(baseURL as string, victimAddress, "jan@vitrine.test", "Vitrine-demo-2");
    expect(victim.status).toBe(200);
  });

  test("the sign-in page counts the socket's address too, whatever the header says", async ({ baseURL }) => {
    const from = freshLoopback();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await rawRequest(`${baseURL}/fr/security/login`, {
        method: "POST",
        from,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: baseURL as string,
          "X-Forwarded-For": `203.0.113.${i + 1}`,
        },
        body: new URLSearchParams({ Email: "marie@vitrine.test", Password: `guess-${i}` }).toString(),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});

test.describe("an attacker's hostile text", () => {
  test("a control character in a page's address or form is a 400 page in the shopper's language", async ({
    baseURL,
  }) => {
    const search = await rawRequest(`${baseURL}/fr/catalog?q=%00`);
    expect(search.status).toBe(400);
    expect(search.body).toContain("Demande invalide");
    const order = await rawRequest(`${baseURL}/nl/sales/order/AB%00CD/confirmation`);
    expect(order.status).toBe(400);
    expect(order.body).toContain("Ongeldige aanvraag");
    const form = await rawRequest(`${baseURL}/fr/security/login`, {
      method: "POST",
      from: freshLoopback(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL as string },
      body: "Email=marie%40vitrine.test%00&Password=x",
    });
    expect(form.status).toBe(400);
  });

  test("a return address that normalises to another site sends the shopper home instead", async ({ baseURL }) => {
    for (const returnUrl of ["/.//evil.example", "/%2e%2e//evil.example", "/fr/../..//evil.example"]) {
      const response = await rawRequest(`${baseURL}/fr/security/login?returnUrl=${encodeURIComponent(returnUrl)}`, {
        method: "POST",
        from: freshLoopback(),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL as string },
        body: "Email=lucia%40vitrine.test&Password=Vitrine-demo-3",
      });
      expect(response.status, returnUrl).toBe(303);
      expect(response.headers.location, returnUrl).toBe("/fr/");
    }
  });
});

test.describe("the Content-Security-Policy", () => {
  test("allows our inline scripts by hash only: an injected script does not run, the islands still do", async ({
    page,
  }) => {
    const response = await page.goto("/fr/");
    const policy = (await response?.headerValue("content-security-policy")) ?? "";
    const scriptSrc = policy.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).toMatch(/'sha256-/);

    // The same page with a script slipped into its HTML, as an injection would.
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.route("**/fr/", async (route) => {
      const original = await route.fetch();
      const html = (await original.text()).replace("</main>", "<script>window.injected = true;</script></main>");
      await route.fulfill({ response: original, body: html });
    });
    await page.goto("/fr/");
    expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
    expect(errors.some((e) => /Content Security Policy/i.test(e))).toBe(true);
    // Our own bootstrap ran (the js class, the dataLayer) and the search island hydrates on use.
    await expect(page.locator("html")).toHaveClass(/\bjs\b/);
    expect(await page.evaluate(() => Array.isArray((window as { dataLayer?: unknown[] }).dataLayer))).toBe(true);
    const search = page.getByRole("combobox").first();
    await search.fill("rob");
    await expect(page.getByRole("listbox").first()).toBeVisible();
  });
});
