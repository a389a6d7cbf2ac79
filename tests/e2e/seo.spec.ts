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

  const [group, breadcrumbs] = documents(html);
  // Its variants (colours and sizes) make a ProductGroup; the page's own variant is one of them.
  expect(group?.["@type"]).toBe("ProductGroup");
  const variantId = /data-product-variant-id="(\d+)"/.exec(html)?.[1];
  const product = ((group?.hasVariant ?? []) as Doc[]).find((v) =>
    String((v.offers as Record<string, unknown>).url).endsWith(`?ProductVariantId=${variantId}`),
  );
  for (const field of ["name", "image", "description", "brand"]) expect(group?.[field], field).toBeTruthy();
  const offer = product?.offers as Record<string, unknown> & {
    shippingDetails: Record<string, Record<string, unknown>>;
    hasMerchantReturnPolicy: Record<string, unknown>;
  };
  // The shared price is the page's price.
  expect(tags.get("product:price:amount")).toEqual([offer.price]);
  expect(tags.get("product:price:currency")).toEqual(["EUR"]);
  for (const field of ["name", "sku"]) expect(product?.[field], field).toBeTruthy();
  expect(offer).toMatchObject({
    "@type": "Offer",
    priceCurrency: "EUR",
    url: `${tags.get("og:url")?.[0]}?ProductVariantId=${variantId}`,
  });
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

test("every product feed's links open pages with that feed's price and availability, without any cookie", async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const feeds = ["fr-be", "nl-be", "nl-nl", "fr-fr", "de-de", "fr-lu", "fr-ch", "it-it", "pt-pt", "es-es"];
  for (const name of feeds) {
    const lines = (await (await fetch(`${baseURL}/feeds/products.${name}.jsonl`)).text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, string>);
    // 20 items spread over the feed (plain fetch: no cookie jar, as a crawler).
    const step = Math.max(1, Math.floor(lines.length / 20));
    const sample = lines.filter((_, i) => i % step === 0).slice(0, 20);
    expect(sample.length, name).toBe(20);
    for (let at = 0; at < sample.length; at += 5) {
      await Promise.all(
        sample.slice(at, at + 5).map(async (item) => {
          const link = new URL(item.link as string);
          expect(link.searchParams.get("country"), item.link).toBe(name.slice(3));
          const html = await (await fetch(`${baseURL}${link.pathname}${link.search}`)).text();
          const [product] = documents(html);
          // A variant's own offer (ProductGroup), or the product's when it has one variant.
          const variants = (product?.hasVariant as Doc[] | undefined) ?? [product as Doc];
          const own = variants.find((v) => v.sku === item.id);
          const offer = own?.offers as Record<string, string> | undefined;
          const [amount, currency] = (item.sale_price ?? item.price ?? "").split(" ");
          expect(offer, `${name} ${item.id}`).toMatchObject({
            price: amount,
            priceCurrency: currency,
            availability:
              item.availability === "in_stock" ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          });
          // The price the page shows for the chosen variant is the same.
          expect(meta(html).get("product:price:amount"), `${name} ${item.id}`).toEqual([amount]);
        }),
      );
    }
  }
});

test("a product with variants is a ProductGroup: one Product and Offer per variant with colour, size and SKU, shipping with its days", async ({
  baseURL,
}) => {
  const feed = (await (await fetch(`${baseURL}/feeds/products.fr-fr.jsonl`)).text())
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, string>);
  const group = feed[0]?.item_group_id;
  const items = feed.filter((item) => item.item_group_id === group);
  expect(items.length).toBeGreaterThan(1);
  const link = new URL(items[0]?.link as string);
  const html = await (await fetch(`${baseURL}${link.pathname}${link.search}`)).text();
  const [product] = documents(html);
  expect(product).toMatchObject({ "@type": "ProductGroup", productGroupID: group, url: `${baseURL}${link.pathname}` });
  expect(product?.variesBy).toEqual(expect.arrayContaining(["https://schema.org/size"]));
  expect((product?.audience as Record<string, unknown>)?.suggestedGender).toMatch(/^(male|female|unisex)$/);
  const variants = product?.hasVariant as (Doc & { offers: Record<string, unknown> })[];
  expect(variants.map((v) => v.sku).sort()).toEqual(items.map((i) => i.id).sort());
  for (const variant of variants) {
    const item = items.find((i) => i.id === variant.sku);
    expect(variant["@type"]).toBe("Product");
    if (item?.size) expect(variant.size).toBe(item.size);
    if (item?.color) expect(variant.color).toBe(item.color);
    expect(variant.offers).toMatchObject({ "@type": "Offer", priceCurrency: "EUR" });
    expect(String(variant.offers.url)).toMatch(/\?ProductVariantId=\d+$/);
    // Delivery to France: the cheapest home delivery, 2 to 5 days in transit after up to a day's handling.
    expect(variant.offers.shippingDetails).toMatchObject({
      shippingDestination: { addressCountry: "FR" },
      deliveryTime: {
        "@type": "ShippingDeliveryTime",
        handlingTime: { minValue: 0, maxValue: 1, unitCode: "DAY" },
        transitTime: { minValue: 2, maxValue: 5, unitCode: "DAY" },
      },
    });
  }
});

test("the pages validators read hold each id once, name their carousels apart, and keep dialogs out of phrasing elements", async ({
  baseURL,
}) => {
  for (const path of ["/fr/", "/fr/cookies", "/fr/pages/a-propos", "/fr/c/vetements"]) {
    const response = await fetch(`${baseURL}${path}`);
    expect(response.status, path).toBe(200);
    const html = await response.text();
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      path,
    ).toEqual([]);
    const carousels = [...html.matchAll(/<section class="splide carousel[^"]*" aria-label="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(new Set(carousels).size, `${path}: ${carousels.join(" | ")}`).toBe(carousels.length);
    // The search field is ARIA 1.2's combobox on a text input (HTML allows the role on no search input).
    if (path === "/fr/") expect(html).toMatch(/<input[^>]*type="text"[^>]*role="combobox"/);
    expect(html).not.toMatch(/<input[^>]*type="search"[^>]*role="combobox"/);
    // A <dialog> is flow content: never inside a <span> (the video modal's was).
    const markup = html.replace(/<!--[\s\S]*?-->/g, "");
    expect(markup, path).not.toMatch(/<span[^>]*>(?:(?!<\/span>)[\s\S])*<dialog/);
  }
});
