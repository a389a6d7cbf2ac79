import { describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import { inlineScriptHash } from "~/server/http/security";
import { apiClient } from "../../../tests/support/api";
import { DIALECTS, useTestDatabase } from "../../../tests/support/db";
import { consentScriptHashes } from "./consent-scripts.server";
import { saveSetting } from "./content.server";

async function signedIn(email: string, password: string) {
  const client = apiClient("203.0.113.61");
  expect((await client.call("POST", "/security/login", { Email: email, Password: password })).status).toBe(200);
  return client;
}
const editor = () => signedIn("editor@vitrine.test", "Vitrine-editor-1");
const marie = () => signedIn("marie@vitrine.test", "Vitrine-demo-1");

const page = (key: string, slugs: Record<string, string>, body = "<p>Bonjour</p>", published = true) => ({
  Key: key,
  Published: published,
  Translations: Object.fromEntries(
    Object.entries(slugs).map(([culture, slug]) => [culture, { Slug: slug, Title: `${key} ${culture}`, Body: body }]),
  ),
});

describe.each(DIALECTS)("content pages on %s", (dialect) => {
  useTestDatabase(dialect, { products: 4 });

  it("lets editors write; shoppers get 403, guests 401, and nothing is stored", async () => {
    const body = page("shipping-faq", { fr: "livraison-faq" });
    expect((await apiClient().call("POST", "/content/pages", body)).status).toBe(401);
    expect((await (await marie()).call("POST", "/content/pages", body)).status).toBe(403);
    expect((await (await marie()).call("GET", "/content/pages")).status).toBe(403);
    expect(await db().selectFrom("content_pages").selectAll().where("key", "=", "shipping-faq").execute()).toEqual([]);
    const created = await (await editor()).call("POST", "/content/pages", body);
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({
      Url: "/fr/pages/livraison-faq",
      Urls: { fr: "/fr/pages/livraison-faq" },
    });
  });

  it("refuses to publish a legal page that still holds the template's placeholders, in the editor's language", async () => {
    const client = await editor();
    const pages = (await (await client.call("GET", "/content/pages")).json()) as { Id: number; Key: string }[];
    const terms = pages.find((p) => p.Key === "terms");
    expect(terms).toBeDefined();
    expect((await client.call("POST", `/content/pages/${terms?.Id}/publish`, { Published: false })).status).toBe(200);
    const refused = await client.call(
      "POST",
      `/content/pages/${terms?.Id}/publish`,
      { Published: true },
      {
        "X-Culture": "nl",
      },
    );
    expect(refused.status).toBe(422);
    const body = await refused.json();
    expect(body.Code).toBe("LegalPageUnfinished");
    expect(body.Message).toMatch(/^Deze pagina bevat nog het in te vullen model: ‘.+’/);
    expect(Object.keys(body.Errors)[0]).toMatch(/^Translations\.(fr|nl|es|de|it|pt)\.Body$/);
    const stored = await db()
      .selectFrom("content_pages")
      .select("published")
      .where("key", "=", "terms")
      .executeTakeFirst();
    expect(stored?.published).toBe(0);
    // Saved as published with one bracket passage left in one culture: refused too, nothing changed.
    const current = await (await client.call("GET", `/content/pages/${terms?.Id}`)).json();
    const finished = (culture: string) => ({
      ...current.Translations[culture],
      Body: `<h2>Le vendeur</h2><p>Maison Lin SRL, rue Haute 1, 1000 Bruxelles (${culture}).</p>`,
    });
    const cultures = Object.keys(current.Translations);
    const leftover = {
      Key: "terms",
      Published: true,
      Translations: Object.fromEntries(
        cultures.map((c) =>
          c === "de"
            ? [
                c,
                {
                  ...finished(c),
                  Body: "<p>[Firma, Rechtsform, Anschrift des Sitzes, Handelsregisternummer, USt-IdNr., E-Mail-Adresse und Telefon des Kundendienstes.]</p>",
                },
              ]
            : [c, finished(c)],
        ),
      ),
    };
    const again = await client.call("PUT", `/content/pages/${terms?.Id}`, leftover);
    expect(again.status).toBe(422);
    expect(Object.keys((await again.json()).Errors)).toEqual(["Translations.de.Body"]);
    expect(
      (await db().selectFrom("content_pages").select("published").where("key", "=", "terms").executeTakeFirst())
        ?.published,
    ).toBe(0);
    // Completed in every culture: published.
    const done = { ...leftover, Translations: Object.fromEntries(cultures.map((c) => [c, finished(c)])) };
    expect((await client.call("PUT", `/content/pages/${terms?.Id}`, done)).status).toBe(200);
    expect(
      (await db().selectFrom("content_pages").select("published").where("key", "=", "terms").executeTakeFirst())
        ?.published,
    ).toBe(1);
  });

  it("answers the public Url in the request's culture, per culture, and none while unpublished", async () => {
    const client = await editor();
    const draft = await (
      await client.call(
        "POST",
        "/content/pages",
        page("shipping", { fr: "livraison", nl: "levering" }, "<p>x</p>", false),
      )
    ).json();
    expect(draft).toMatchObject({ Url: null, Urls: {} });
    const published = await (
      await client.call("POST", `/content/pages/${draft.Id}/publish`, { Published: true }, { "X-Culture": "nl" })
    ).json();
    expect(published.Url).toBe("/nl/pages/levering");
    expect(published.Urls).toEqual({ fr: "/fr/pages/livraison", nl: "/nl/pages/levering" });
    const withdrawn = await (
      await client.call("POST", `/content/pages/${draft.Id}/publish`, { Published: false })
    ).json();
    expect(withdrawn).toMatchObject({ Url: null, Urls: {} });
  });

  it("stores bodies sanitised: scripts, handlers, javascript: links and escaping styles are gone", async () => {
    const hostile =
      '<p onclick="steal()" style="position:fixed;z-index:99;color:red">Hi</p><script>alert(1)</script>' +
      '<a href="javascript:alert(1)">a</a><img src="https://tracker.example/p.gif"><iframe src="https://x.example"></iframe>' +
      '<shop-island name="product-carousel" props=\'{"limit": 2}\'></shop-island>';
    const answer = await (
      await (await editor()).call("POST", "/content/pages", page("hostile", { fr: "hostile" }, hostile))
    ).json();
    const stored = await db()
      .selectFrom("content_page_translations")
      .select("body")
      .where("page_id", "=", answer.Id)
      .executeTakeFirstOrThrow();
    expect(stored.body).not.toMatch(/script|onclick|javascript:|tracker|iframe|position|z-index/);
    expect(stored.body).toContain('style="color:red"');
    expect(stored.body).toContain('<shop-island name="product-carousel"');
    expect(answer.Warnings).toEqual([]);
  });

  it("warns about unknown islands and invalid props, per culture", async () => {
    const body =
      '<shop-island name="no-such-island"></shop-island><shop-island name="product-carousel" props=\'{"limit": 500}\'></shop-island>' +
      "<shop-island name=\"brand-carousel\" props='{not json'></shop-island>";
    const answer = await (
      await (await editor()).call("POST", "/content/pages", page("broken", { de: "kaputt" }, body))
    ).json();
    expect(answer.Warnings).toHaveLength(3);
    expect(answer.Warnings[0]).toMatchObject({ Culture: "de", Island: "no-such-island" });
    expect(answer.Warnings[1]).toMatchObject({ Island: "product-carousel" });
    expect(answer.Warnings[1].Reason).toContain("limit");
    expect(answer.Warnings[2].Reason).toContain("JSON");
  });

  it("refuses a key or a slug another page has (409, naming the field) and a bad slug (400)", async () => {
    const client = await editor();
    await client.call("POST", "/content/pages", page("faq", { fr: "faq" }));
    const sameKey = await client.call("POST", "/content/pages", page("faq", { fr: "faq-2" }));
    expect(sameKey.status).toBe(409);
    expect((await sameKey.json()).Errors).toHaveProperty("Key");
    const sameSlug = await client.call("POST", "/content/pages", page("faq-bis", { fr: "faq" }));
    expect(sameSlug.status).toBe(409);
    expect((await sameSlug.json()).Errors).toHaveProperty(["Translations.fr.Slug"]);
    expect((await client.call("POST", "/content/pages", page("x", { fr: "Not a slug!" }))).status).toBe(400);
    expect((await client.call("POST", "/content/pages", { Key: "empty", Translations: {} })).status).toBe(400);
    expect((await client.call("POST", "/content/pages", page("x", { xx: "foreign" }))).status).toBe(400);
  });

  it("replaces, reads back and deletes a page; another id is 404", async () => {
    const client = await editor();
    const { Id } = await (await client.call("POST", "/content/pages", page("about-x", { fr: "a-propos-x" }))).json();
    const replaced = await client.call(
      "PUT",
      `/content/pages/${Id}`,
      page("about-x", { fr: "a-propos-y", it: "chi-siamo-x" }),
    );
    expect(replaced.status).toBe(200);
    const read = await (await client.call("GET", `/content/pages/${Id}`)).json();
    expect(Object.keys(read.Translations).sort()).toEqual(["fr", "it"]);
    expect(read.Translations.fr.Slug).toBe("a-propos-y");
    expect((await client.call("PUT", "/content/pages/999999", page("zz", { fr: "zz" }))).status).toBe(404);
    expect((await client.call("DELETE", `/content/pages/${Id}`)).status).toBe(200);
    expect((await client.call("GET", `/content/pages/${Id}`)).status).toBe(404);
    expect((await client.call("DELETE", `/content/pages/${Id}`)).status).toBe(404);
  });

  it("keeps the shop's consent-gated scripts for editors only, refusing a script the page would cut", async () => {
    expect((await apiClient().call("GET", "/settings/ConsentScripts")).status).toBe(401);
    const shopper = await marie();
    expect((await shopper.call("PUT", "/settings/ConsentScripts", [])).status).toBe(403);
    const client = await editor();
    expect(await (await client.call("GET", "/settings/ConsentScripts")).json()).toEqual([]);
    const scripts = [
      { category: "statistics", code: "window.shopStats = (window.shopStats || 0) + 1;" },
      { category: "marketing", code: "window.shopAds = true;" },
    ];
    const saved = await client.call("PUT", "/settings/ConsentScripts?culture=fr", scripts);
    expect(saved.status).toBe(200);
    expect(await (await client.call("GET", "/settings/ConsentScripts")).json()).toEqual(scripts);
    expect(await consentScriptHashes()).toEqual(scripts.map((script) => inlineScriptHash(script.code)));
    for (const bad of [
      [{ category: "necessary", code: "x()" }],
      [{ category: "statistics", code: "a();</script><script>b()" }],
      [{ category: "statistics", code: "<!-- x" }],
      [{ category: "statistics", code: "   " }],
      Array.from({ length: 11 }, () => scripts[0]),
    ]) {
      const refused = await client.call("PUT", "/settings/ConsentScripts?culture=fr", bad);
      expect(refused.status).toBe(400);
    }
    expect(await (await client.call("GET", "/settings/ConsentScripts")).json()).toEqual(scripts);
    // A setting written by hand that does not parse counts as none: no script, no hash.
    await saveSetting("ConsentScripts", "{not json");
    expect(await consentScriptHashes()).toEqual([]);
    await client.call("PUT", "/settings/ConsentScripts", []);
  });

  it("answers the maps key from its setting, or the configured fallback when empty", async () => {
    const empty = await (await apiClient().call("GET", "/settings/GoogleFrontAPIKey")).json();
    expect(empty).toEqual({ key: process.env.MAPS_API_KEY_FALLBACK ?? "" });
    await saveSetting("GoogleFrontAPIKey", "  key-from-setting ");
    expect(await (await apiClient().call("GET", "/settings/GoogleFrontAPIKey")).json()).toEqual({
      key: "key-from-setting",
    });
    await saveSetting("GoogleFrontAPIKey", "   ");
    expect(await (await apiClient().call("GET", "/settings/GoogleFrontAPIKey")).json()).toEqual(empty);
  });
});
