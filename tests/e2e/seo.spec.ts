import sharp from "sharp";
import { expect, test } from "../support/e2e";

/**
 * What a shared link and a search engine read of the pages (issue 36): Open Graph and Twitter tags, and
 * the JSON-LD checked against the properties Google documents for merchant listings, breadcrumbs and the
 * site's search box. Read over HTTP as a crawler does (no script runs).
 */
type Doc = Record<string, unknown> & { "@type": string };

function meta(html: string): Map<string, string[]> {
  const tags = new Map<string, string[]>();
  for (const [, key, value] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) {
    tags.set(key as string, [...(tags.get(key as string) ?? []), (value as string).replaceAll("&amp;", "&")]);
  }
  return tags;
}

const documents = (html: string): Doc[] =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1] as string));

function breadcrumbsValid(doc: Doc | undefined, site: string) {
  const steps = doc?.itemListElement as { "@type": string; position: number; name: string; item: string }[];
  expect(steps.length).toBeGreaterThan(1);
  steps.forEach((step, i) => {
    expect(step).toMatchObject({ "@type": "ListItem", position: i + 1 });
    expect(step.name).toBeTruthy();
    expect(step.item.startsWith(site)).toBe(true);
  });
  return steps;
}

test("a product page shows its photo and price when shared, and carries Google's merchant listing data", async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto("/fr/c/vetements");
  const path = (await page.locator(".product-card a[href*='/p/']").first().getAttribute("href")) as string;
  const html = await (await request.get(path)).text();
  const tags = meta(html);
  expect(tags.get("og:type")).toEqual(["product"]);
  expect(tags.get("og:locale")).toEqual(["fr_BE"]);
  expect(tags.get("og:locale:alternate")).toHaveLength(5);
  expect(tags.get("og:url")?.[0]).toMatch(/\/fr\/p\/[^/?]+$/);
  expect(tags.get("twitter:card")).toEqual(["summary_large_image"]);
  const image = tags.get("og:image")?.[0] as string;
  expect(tags.get("twitter:image")).toEqual([image]);
  const picture = await request.get(new URL(image).pathname);
  expect(picture.headers()["content-type"]).toBe("image/jpeg");
  const { width, height } = await sharp(await picture.body()).metadata();
  expect([width, height]).toEqual([1200, 630]);

  const [product, breadcrumbs] = documents(html);
  expect(product?.["@type"]).toBe("Product");
  const offer = product?.offers as Record<string, unknown> & {
    shippingDetails: Record<string, Record<string, unknown>>;
    hasMerchantReturnPolicy: Record<string, unknown>;
  };
  // The shared price is the page's price.
  expect(tags.get("product:price:amount")).toEqual([offer.price]);
  expect(tags.get("product:price:currency")).toEqual(["EUR"]);
  for (const field of ["name", "image", "description", "sku", "brand"]) expect(product?.[field], field).toBeTruthy();
  expect(offer).toMatchObject({ "@type": "Offer", priceCurrency: "EUR", url: tags.get("og:url")?.[0] });
  expect(String(offer.price)).toMatch(/^\d+\.\d\d$/);
  expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
  expect(offer.shippingDetails).toMatchObject({
    "@type": "OfferShippingDetails",
    shippingRate: { "@type": "MonetaryAmount", currency: "EUR" },
    shippingDestination: { "@type": "DefinedRegion", addressCountry: "BE" },
  });
  expect(String(offer.shippingDetails.shippingRate?.value)).toMatch(/^\d+\.\d\d$/);
  expect(offer.hasMerchantReturnPolicy).toEqual({
    "@type": "MerchantReturnPolicy",
    applicableCountry: "BE",
    returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
    merchantReturnDays: 14,
    returnMethod: "https://schema.org/ReturnByMail",
    returnFees: "https://schema.org/ReturnShippingFees",
  });
  expect(breadcrumbs?.["@type"]).toBe("BreadcrumbList");
  const steps = breadcrumbsValid(breadcrumbs, baseURL as string);
  expect(steps.at(-1)?.item).toBe(tags.get("og:url")?.[0]);
  expect(steps[0]?.item).toBe(`${baseURL}/fr/`);
});

test("the home page names the shop and its search; a category its trail; an article its picture", async ({
  request,
  baseURL,
}) => {
  const home = documents(await (await request.get("/nl/")).text());
  expect(home.map((d) => d["@type"])).toEqual(["Organization", "WebSite"]);
  expect(home[1]?.potentialAction).toEqual({
    "@type": "SearchAction",
    target: { "@type": "EntryPoint", urlTemplate: `${baseURL}/nl/catalog?q={search_term_string}` },
    "query-input": "required name=search_term_string",
  });
  const search = await request.get("/nl/catalog?q=sokken");
  expect(search.status()).toBe(200);

  const category = await (await request.get("/de/c/bekleidung")).text();
  const [trail] = documents(category);
  expect(breadcrumbsValid(trail, baseURL as string).map((s) => s.item)).toEqual([
    `${baseURL}/de/`,
    `${baseURL}/de/c/bekleidung`,
  ]);
  expect(meta(category).get("og:type")).toEqual(["website"]);

  const article = meta(await (await request.get("/fr/news/teinture-vegetale-retour-en-images")).text());
  expect(article.get("og:type")).toEqual(["article"]);
  expect(article.get("og:image")?.[0]).toMatch(/\/media\/[0-9a-f-]{36}-og\.jpg$/);
});

test("an unknown address under a culture answers 404 with the shop's page in that culture, never an empty one", async ({
  request,
}) => {
  for (const [path, culture, title] of [
    ["/fr/une-page-disparue", "fr", "Page introuvable"],
    ["/nl/c/bestaat/niet/meer?x=1", "nl", "<title>"],
  ] as const) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(404);
    const html = await answer.text();
    expect(html, path).toContain(`<html lang="${culture}"`);
    expect(html, path).toContain(title);
    expect(html, path).toContain('<meta name="robots" content="noindex">');
  }
  // A form posted to nowhere is not turned into a page.
  expect((await request.post("/fr/une-page-disparue", { form: { a: "b" } })).status()).toBe(404);
});
