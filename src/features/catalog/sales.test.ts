import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "~/features/integration/integration.server";
import { type FeedName, parseFeedName, productFeed } from "~/features/seo/feeds.server";
import { db } from "~/server/db/client";
import { tokenCaller } from "../../../tests/support/api";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { productPageFacts } from "./catalog.server";
import { productStructuredData } from "./product/variants.server";
import { endSales, saleEnd } from "./sales.server";

const product = (price: number, tier: number, saleEndsAt?: string | null) => ({
  Names: { fr: "Bonnet en laine" },
  Descriptions: { fr: "Laine mérinos." },
  Category: "Accessoires > Bonnets",
  Brand: "Atelier Nord",
  Variants: [
    {
      Sku: "HAT-RED",
      Attributes: { colour: "Rouge" },
      Price: price,
      Tiers: [{ MinQuantity: 5, Amount: tier }],
      Stock: { BRU: 4 },
      ...(saleEndsAt === undefined ? {} : { SaleEndsAt: saleEndsAt }),
    },
  ],
});

/** The Google feed's item of a SKU, its tags by name. */
async function feedItem(sku: string): Promise<Record<string, string>> {
  const chunks = await productFeed("https://shop.example", parseFeedName("products.fr-be.xml") as FeedName);
  let xml = "";
  for await (const chunk of chunks ?? []) xml += chunk;
  const item = [...xml.matchAll(/<item>(.*?)<\/item>/gs)]
    .map((m) => m[1] as string)
    .find((i) => i.includes(`<g:id>${sku}<`));
  // Its shipping block has a price of its own.
  const own = (item ?? "").replace(/<g:shipping>.*?<\/g:shipping>/g, "");
  return Object.fromEntries([...own.matchAll(/<g:(\w+)>([^<]*)<\/g:\1>/g)].map((m) => [m[1], m[2]]));
}

const euros = (text: string | undefined) => Number(text?.replace(" EUR", ""));

describe.each(DIALECTS)("a sale with an end on %s (issue 36)", (dialect) => {
  let database: TestDatabase;
  let call: ReturnType<typeof tokenCaller>;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 6 });
    call = tokenCaller((await createApiToken("pim", ["catalog:read", "catalog:write"], "test")).token, "pim.example");
  });
  afterAll(async () => {
    await database.close();
  });

  it("tells search engines and comparators until when a reduced price holds, then gives the regular price back", async () => {
    expect((await call("PUT", "/admin/catalog/products/HAT", product(2990, 2790))).status).toBe(200);
    const end = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const past = await call("PUT", "/admin/catalog/products/HAT", product(2390, 2190, "2020-01-01T00:00:00Z"));
    expect(past.status).toBe(400);
    expect(((await past.json()) as { Errors: Record<string, string[]> }).Errors).toHaveProperty([
      "Variants.0.SaleEndsAt",
    ]);
    expect((await call("PUT", "/admin/catalog/products/HAT", product(2390, 2190, end))).status).toBe(200);
    // The same feed again changes nothing; the API reads the end back.
    const again = await (await call("PUT", "/admin/catalog/products/HAT", product(2390, 2190, end))).json();
    expect(again).toMatchObject({ Variants: [{ Outcome: "unchanged" }] });
    expect(await (await call("GET", "/admin/catalog/products/HAT")).json()).toMatchObject({
      Variants: [{ SaleEndsAt: end }],
    });

    const variant = await db()
      .selectFrom("product_variants")
      .innerJoin("products", "products.id", "product_variants.product_id")
      .select(["product_variants.id", "products.category_id", "products.id as product_id"])
      .where("sku", "=", "HAT-RED")
      .executeTakeFirstOrThrow();
    expect(await saleEnd(variant.id)).toBe(end);
    const facts = await productPageFacts(
      "fr",
      Number(variant.product_id),
      Number(variant.category_id),
      variant.id,
      "Accueil",
    );
    const [productLd] = productStructuredData(
      { name: "Bonnet", description: "", brand: "Atelier Nord", slug: "bonnet" },
      { SKU: "HAT-RED", CurrencyCode: "EUR", UnitPriceTaxIncl: 28.92, IsInStock: true } as never,
      [],
      "fr",
      "https://shop.example",
      () => "",
      facts,
    );
    expect(JSON.parse(productLd as string).offers.priceValidUntil).toBe(end.slice(0, 10));

    const onSale = await feedItem("HAT-RED");
    expect(euros(onSale.price) / euros(onSale.sale_price)).toBeCloseTo(2990 / 2390, 2);
    expect(onSale.sale_price_effective_date).toMatch(
      new RegExp(`^\\d{4}-\\d{2}-\\d{2}T[^/]+/${end.replace(/\./g, "\\.")}$`),
    );

    // Not yet: a minute before the end nothing moves.
    expect(await endSales(new Date(Date.parse(end) - 60_000))).toBe(0);
    expect(await endSales(new Date(Date.parse(end) + 1000))).toBe(1);
    const prices = await db()
      .selectFrom("prices")
      .select(["min_quantity", "amount_tax_excl"])
      .where("variant_id", "=", variant.id)
      .orderBy("min_quantity")
      .execute();
    expect(prices).toEqual([
      { min_quantity: 1, amount_tax_excl: 2990 },
      { min_quantity: 5, amount_tax_excl: Math.round((2190 * 2990) / 2390) },
    ]);
    const history = await db()
      .selectFrom("price_history")
      .select("amount_tax_excl")
      .where("variant_id", "=", variant.id)
      .orderBy("id")
      .execute();
    expect(history.map((h) => h.amount_tax_excl)).toEqual([2990, 2390, 2990]);
    expect(await saleEnd(variant.id)).toBeNull();
    const after = await feedItem("HAT-RED");
    expect(after.sale_price).toBeUndefined();
    expect(euros(after.price)).toBe(euros(onSale.price));
    expect(await endSales(new Date(Date.parse(end) + 2000))).toBe(0);
  });
});
