import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import Database from "better-sqlite3";
import { addFromCard, consentCookie, expect, signIn, test } from "../support/e2e";

/** A visitor with no cookie at all, as a crawler or a first visit is. */
async function stranger(baseURL: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "Accept-Encoding": "br, gzip" } });
}

test.describe("the rendered-page cache", () => {
  test("a visitor without a session gets a cached page with validators, sets no cookie, and revalidates with 304", async ({
    baseURL,
  }) => {
    const visitor = await stranger(baseURL as string);
    const first = await visitor.get("/fr/c/vetements");
    expect(first.status()).toBe(200);
    expect(first.headers()["set-cookie"]).toBeUndefined();
    const second = await visitor.get("/fr/c/vetements");
    expect(second.headers()["x-cache"]).toBe("hit");
    expect(second.headers()["content-encoding"]).toBe("br");
    expect(second.headers()["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(second.headers().vary).toBe("Accept-Encoding, Cookie");
    expect(second.headers()["content-security-policy"]).toContain("default-src");
    expect(await second.text()).toBe(await first.text());
    const etag = second.headers().etag as string;
    const again = await visitor.get("/fr/c/vetements", { headers: { "If-None-Match": etag } });
    expect(again.status()).toBe(304);
    await visitor.dispose();
  });

  test("the sitemaps and product feeds are cached like pages, and a catalogue change makes them fresh", async ({
    baseURL,
  }) => {
    const visitor = await stranger(baseURL as string);
    const robots = await (await visitor.get("/robots.txt")).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
    const index = await visitor.get("/sitemap.xml");
    expect(index.headers()["content-type"]).toContain("application/xml");
    expect(await index.text()).toContain("/sitemaps/products-fr-1.xml</loc>");
    for (const path of ["/sitemaps/products-fr-1.xml", "/feeds/products.fr-be.xml", "/feeds/products.fr-be.jsonl"]) {
      const first = await visitor.get(path);
      expect(first.status(), path).toBe(200);
      expect((await visitor.get(path)).headers()["x-cache"], path).toBe("hit");
    }
    expect((await visitor.get("/sitemaps/orders-fr-1.xml")).status()).toBe(404);
    expect((await visitor.get("/feeds/products.fr-us.xml")).status()).toBe(404);
    // A product withdrawn: the next crawler reads it gone from both.
    const feed = await (await visitor.get("/feeds/products.fr-be.jsonl")).text();
    const first = JSON.parse(feed.split("\n")[0] as string) as { id: string; link: string };
    const db = new Database(process.env.E2E_DATABASE as string);
    const { product_id } = db.prepare("select product_id from product_variants where sku = ?").get(first.id) as {
      product_id: number;
    };
    db.prepare("update products set is_active = 0 where id = ?").run(product_id);
    try {
      const path = new URL(first.link).pathname;
      await expect
        .poll(async () => (await (await visitor.get("/feeds/products.fr-be.jsonl")).text()).includes(`"${first.id}"`))
        .toBe(false);
      expect(await (await visitor.get("/sitemaps/products-fr-1.xml")).text()).not.toContain(`${path}</loc>`);
    } finally {
      db.prepare("update products set is_active = 1 where id = ?").run(product_id);
      db.close();
    }
    await visitor.dispose();
  });

  test("a HEAD first leaves the next visitor a whole page", async ({ baseURL }) => {
    const visitor = await stranger(baseURL as string);
    const head = await visitor.head("/fr/c/chaussures");
    expect(head.status()).toBe(200);
    const page = await visitor.get("/fr/c/chaussures");
    expect(await page.text()).toContain("</html>");
    const again = await visitor.get("/fr/c/chaussures");
    expect(again.headers()["x-cache"]).toBe("hit");
    expect(await again.text()).toBe(await page.text());
    expect((await visitor.head("/fr/c/chaussures")).headers()["x-cache"]).toBe("hit");
    await visitor.dispose();
  });

  test("cultures never share a page", async ({ baseURL }) => {
    const visitor = await stranger(baseURL as string);
    for (const culture of ["fr", "nl", "fr", "nl"]) {
      const html = await (await visitor.get(`/${culture}/`)).text();
      expect(html).toContain(`<html lang="${culture}"`);
    }
    await visitor.dispose();
  });

  test("a shopper with a cart or signed in gets the shared page with her parts left to scripts, or hers without them, and nothing of hers leaks", async ({
    page,
    context,
    baseURL,
    customer,
  }) => {
    await context.addCookies([consentCookie(baseURL as string)]);
    const visitor = await stranger(baseURL as string);
    await visitor.get("/fr/c/vetements");
    expect((await visitor.get("/fr/c/vetements")).headers()["x-cache"]).toBe("hit");
    const oneInCart = /class="mini-cart__count"[^>]*>\s*1\s*</;
    const withoutScripts = () => context.clearCookies({ name: "vitrine_js" });

    await addFromCard(page, "fr");
    // Her browser runs scripts (the head script wrote vitrine_js): one page for every shopper, kept
    // privately by her browser, her cart filled in after load (decision 062).
    const shared = await page.request.get("/fr/c/vetements");
    expect(shared.headers()["x-cache"]).toMatch(/^(hit|miss)$/);
    expect(shared.headers()["cache-control"]).toContain("private");
    expect(await shared.text()).not.toMatch(oneInCart);
    await page.goto("/fr/c/vetements");
    await expect(page.locator(".mini-cart__count").first()).toHaveText("1");
    await withoutScripts();
    const own = await page.request.get("/fr/c/vetements");
    expect(own.headers()["x-cache"]).toBeUndefined();
    expect(await own.text()).toMatch(oneInCart);

    await signIn(page, customer.email, customer.password);
    const signedInShared = await page.request.get("/fr/c/vetements");
    expect(signedInShared.headers()["x-cache"]).toMatch(/^(hit|miss)$/);
    // Her menu waits in a template; the page shows the account link until her summary names her.
    expect(await signedInShared.text()).toMatch(/<a class="account-link[^>]*data-personal-placeholder/);
    await page.goto("/fr/c/vetements");
    await expect(page.locator('#account-area form[action="/fr/security/logoff"]')).toBeAttached();
    // Her summary has filled the area (a count of none could pass before the parser reaches it).
    await expect(page.locator("#account-area .account-link:not([data-personal-placeholder])")).toBeVisible();
    await expect(page.locator("#account-area [data-personal-placeholder]")).toHaveCount(0);
    await withoutScripts();
    const signedIn = await page.request.get("/fr/c/vetements");
    expect(signedIn.headers()["x-cache"]).toBeUndefined();
    expect(signedIn.headers()["cache-control"]).toBeUndefined();
    expect(await signedIn.text()).not.toContain("data-personal-placeholder");
    expect(await signedIn.text()).toContain("/fr/security/logoff");

    const anonymous = await (await visitor.get("/fr/c/vetements")).text();
    expect(anonymous).not.toContain("/fr/security/logoff");
    expect(anonymous).not.toContain("data-personal-account");
    expect(anonymous).not.toMatch(oneInCart);
    await visitor.dispose();
  });

  test("an editor's change shows to the next visitor at once", async ({ page, baseURL }) => {
    await signIn(page, "editor@vitrine.test", "Vitrine-editor-1");
    const origin = new URL(page.url()).origin;
    const key = `cache-${Date.now()}`;
    const body = (title: string) => ({
      Key: key,
      Published: true,
      Translations: { fr: { Slug: key, Title: title, Body: "<p>Texte</p>" } },
    });
    const created = await page.request.post("/api/v1/content/pages", {
      data: body("Première version"),
      headers: { Origin: origin },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { Id, Url } = await created.json();

    const visitor = await stranger(baseURL as string);
    await visitor.get(Url);
    const cached = await visitor.get(Url);
    expect(cached.headers()["x-cache"]).toBe("hit");
    expect(await cached.text()).toContain("Première version");

    const updated = await page.request.put(`/api/v1/content/pages/${Id}`, {
      data: body("Seconde version"),
      headers: { Origin: origin },
    });
    expect(updated.status(), await updated.text()).toBe(200);
    const fresh = await visitor.get(Url);
    expect(fresh.headers()["x-cache"]).toBe("miss");
    expect(await fresh.text()).toContain("Seconde version");
    await visitor.dispose();
  });

  test("a visitor who answered the consent prompt gets a page without it, one who did not gets the prompt", async ({
    baseURL,
  }) => {
    const undecided = await stranger(baseURL as string);
    await undecided.get("/fr/");
    const prompt = await (await undecided.get("/fr/")).text();
    const decided = await playwrightRequest.newContext({ baseURL });
    const cookie = consentCookie(baseURL as string);
    const answered = await (
      await decided.get("/fr/", { headers: { Cookie: `${cookie.name}=${cookie.value}` } })
    ).text();
    expect(prompt).not.toBe(answered);
    expect(await (await undecided.get("/fr/")).text()).toBe(prompt);
    await undecided.dispose();
    await decided.dispose();
  });
});

/** A response's raw bytes, as sent (Playwright's request context decodes them). */
function rawBytes(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** The sliding window a brotli stream declares in its first bits (RFC 7932, section 9.1), in bits. */
function brotliWindowBits(stream: Buffer): number {
  const bits = stream.readUInt8(0) | (stream.readUInt8(1) << 8);
  if ((bits & 1) === 0) return 16;
  const n = (bits >> 1) & 7;
  if (n !== 0) return 17 + n;
  const m = (bits >> 4) & 7;
  return m === 0 ? 17 : 8 + m;
}

test("a page rendered for its request comes whole in brotli with a 256 KB window, or in gzip", async ({ baseURL }) => {
  // The cart page is never cached: it is compressed as it is sent (decision 053).
  const url = `${baseURL}/fr/shoppingcarts`;
  const br = await rawBytes(url, { "Accept-Encoding": "br, gzip" });
  expect(br.headers["x-cache"]).toBeUndefined();
  expect(br.headers["content-encoding"]).toBe("br");
  expect(brotliWindowBits(br.body)).toBe(18);
  const html = brotliDecompressSync(br.body).toString("utf8");
  expect(html).toContain('<html lang="fr"');
  expect(html.trimEnd().endsWith("</html>")).toBe(true);
  const gz = await rawBytes(url, { "Accept-Encoding": "gzip" });
  expect(gz.headers["content-encoding"]).toBe("gzip");
  expect(gunzipSync(gz.body).toString("utf8")).toContain('<html lang="fr"');
});
