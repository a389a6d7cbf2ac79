import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { withVat } from "~/lib/money";
import { db } from "~/server/db/client";
import { collectTags, LISTS_TAG } from "~/server/page-cache/tags";
import { DIALECTS, useTestDatabase } from "../../../tests/support/db";
import { type FeedItem, type FeedName, parseFeedName, productFeed } from "./feeds.server";

const SITE = "https://shop.example";

async function feed(name: string): Promise<string> {
  const chunks = await productFeed(SITE, parseFeedName(name) as FeedName);
  if (!chunks) throw new Error(`no feed ${name}`);
  let out = "";
  for await (const chunk of chunks) out += chunk;
  return out;
}

/** The items of an RSS feed, each tag of Google's namespace by name (repeated ones as a list). */
function rssItems(xml: string): Record<string, string[]>[] {
  const text = (s: string) => s.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
  return [...xml.matchAll(/<item>(.*?)<\/item>/gs)].map((m) => {
    const fields: Record<string, string[]> = {};
    for (const [, tag, value] of (m[1] as string)
      .replace(/<g:shipping>.*?<\/g:shipping>/g, "")
      .matchAll(/<g:(\w+)>([^<]*)<\/g:\1>/g))
      fields[tag as string] = [...(fields[tag as string] ?? []), text(value as string)];
    fields.shipping = [...(m[1] as string).matchAll(/<g:shipping>(.*?)<\/g:shipping>/g)].map((s) => s[1] as string);
    return fields;
  });
}

/** Google Merchant Center's required attributes of a product with variants (its product data specification). */
const REQUIRED = ["id", "title", "description", "link", "image_link", "availability", "price", "brand", "condition"];

async function variantsOfActiveProducts() {
  return db()
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .where("p.is_active", "=", 1)
    .select(["v.id", "v.sku", "p.vat_class"])
    .execute();
}

describe.each(DIALECTS)("product feeds on %s", (dialect) => {
  useTestDatabase(dialect, { products: 6 });

  it("list every published variant once, well formed, with Google's required attributes", async () => {
    const xml = await feed("products.fr-be.xml");
    const wellFormed = await validateXML({ xml: { fileName: "feed.xml", contents: xml }, normalization: "format" });
    expect(wellFormed.errors).toEqual([]);
    const items = rssItems(xml);
    const variants = await variantsOfActiveProducts();
    expect(items.map((i) => i.id?.[0]).sort()).toEqual(variants.map((v) => v.sku).sort());
    for (const i of items) {
      for (const field of REQUIRED) expect(i[field]?.[0], `${i.id} ${field}`).toBeTruthy();
      expect(i.price?.[0]).toMatch(/^\d+\.\d\d EUR$/);
      // The feed's country in the link: the page shows a visitor without cookies this feed's price.
      expect(i.link?.[0]).toMatch(new RegExp(`^${SITE}/fr/p/[^?]+\\?ProductVariantId=\\d+&country=be$`));
      expect(i.gtin ?? i.identifier_exists).toBeTruthy();
      // The cheapest delivery (the demo's relay point, 3.30 € before VAT), never the free shop pickup, with its days.
      expect(i.shipping).toEqual([
        "<g:country>BE</g:country><g:price>3.99 EUR</g:price><g:min_transit_time>2</g:min_transit_time><g:max_transit_time>3</g:max_transit_time>",
      ]);
      expect(i.description?.[0]).not.toMatch(/[<>]/);
    }
    // Apparel says whom it is for (Google requires both for clothing in FR, DE and more).
    const apparel = items.filter((i) => i.size);
    expect(apparel.length).toBeGreaterThan(0);
    for (const i of apparel) {
      expect(i.gender?.[0], i.id?.[0]).toMatch(/^(male|female|unisex)$/);
      expect(i.age_group?.[0], i.id?.[0]).toBe("adult");
    }
    // Variants of one product share their group, and say their colour or size.
    const grouped = items.filter((i) => items.some((o) => o !== i && o.item_group_id?.[0] === i.item_group_id?.[0]));
    expect(grouped.length).toBeGreaterThan(0);
    for (const i of grouped) expect(i.color ?? i.size, i.id?.[0]).toBeTruthy();
  });

  it("price each variant with its country's VAT, and follow stock, GTIN and publication", async () => {
    const [variant] = await variantsOfActiveProducts();
    const { id, sku } = variant as { id: number; sku: string };
    const base = await db()
      .selectFrom("prices")
      .select("amount_tax_excl")
      .where("variant_id", "=", id)
      .orderBy("min_quantity")
      .executeTakeFirstOrThrow();
    // What the shopper pays: the sale price while the demo's winter sale runs, else the price.
    const priceIn = async (name: string) => {
      const found = rssItems(await feed(name)).find((i) => i.id?.[0] === sku);
      return (found?.sale_price?.[0] ?? found?.price?.[0]) as string;
    };
    expect(await priceIn("products.fr-lu.xml")).toBe(`${(withVat(base.amount_tax_excl, 1700) / 100).toFixed(2)} EUR`);
    expect(await priceIn("products.de-de.xml")).toBe(`${(withVat(base.amount_tax_excl, 1900) / 100).toFixed(2)} EUR`);
    expect(await priceIn("products.fr-ch.xml")).toBe(`${(base.amount_tax_excl / 100).toFixed(2)} EUR`);

    await db().updateTable("stock").set({ quantity: 0 }).where("variant_id", "=", id).execute();
    await db().updateTable("product_variants").set({ ean: "4006381333931" }).where("id", "=", id).execute();
    const lines = (await feed("products.nl-nl.jsonl"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as FeedItem);
    const mine = lines.find((l) => l.id === sku);
    expect(mine).toMatchObject({ availability: "out_of_stock", gtin: "4006381333931" });
    expect(mine?.identifier_exists).toBeUndefined();
    expect(lines).toHaveLength((await variantsOfActiveProducts()).length);

    const product = await db()
      .selectFrom("product_variants")
      .select("product_id")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    await db().updateTable("products").set({ is_active: 0 }).where("id", "=", product.product_id).execute();
    const after = rssItems(await feed("products.nl-nl.xml"));
    expect(after.some((i) => i.id?.[0] === sku)).toBe(false);
    expect(after).toHaveLength((await variantsOfActiveProducts()).length);
    await db().updateTable("products").set({ is_active: 1 }).where("id", "=", product.product_id).execute();
  });

  it("say they show every product's stock and price, so an order that empties a variant makes them fresh", async () => {
    const tags = new Set<string>();
    await collectTags(tags, () => feed("products.fr-be.jsonl"));
    expect([...tags]).toContain(LISTS_TAG);
  });

  it("answer no feed for a country the shop does not ship to or a name it does not know", async () => {
    expect(await productFeed(SITE, { culture: "fr", country: "US", format: "xml" })).toBeNull();
    // Where only the shop's own pickup is left, nothing is delivered: no feed either.
    const lu = await db().selectFrom("countries").select("id").where("code", "=", "LU").executeTakeFirstOrThrow();
    const home = await db().selectFrom("shipping_rates").selectAll().where("country_id", "=", lu.id).execute();
    expect(home.length).toBeGreaterThan(0);
    await db().deleteFrom("shipping_rates").where("country_id", "=", lu.id).execute();
    await db()
      .insertInto("shipping_rates")
      .values({ method_id: 3, country_id: lu.id, amount_tax_excl: 0, free_from_tax_incl: null })
      .execute();
    try {
      expect(await productFeed(SITE, { culture: "fr", country: "LU", format: "xml" })).toBeNull();
    } finally {
      await db().deleteFrom("shipping_rates").where("country_id", "=", lu.id).execute();
      await db().insertInto("shipping_rates").values(home).execute();
    }
    for (const bad of ["products.xx-be.xml", "products.fr-be.csv", "products.fr.xml", "../products.fr-be.xml"])
      expect(parseFeedName(bad), bad).toBeNull();
  });
});
