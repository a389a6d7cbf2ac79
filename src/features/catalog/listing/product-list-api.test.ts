import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../../tests/support/db";
import { filterFromForm, ListQuerySchema, listUrl, parseListFilter } from "../catalog";
import { categoryPage, searchPage } from "../catalog.server";

const query = (params: Record<string, string> = {}) => ListQuerySchema.parse(params);

describe("list parameters", () => {
  it("fall back to defaults on junk", () => {
    expect(query({ display: "3d", sort: "random", pageSize: "7", pageindex: "-2" })).toMatchObject({
      display: "grid",
      sort: "featured",
      pageSize: 24,
      pageindex: 1,
    });
    expect(query({ display: "list", sort: "price-asc", pageSize: "48", pageindex: "3" })).toMatchObject({
      display: "list",
      sort: "price-asc",
      pageSize: 48,
      pageindex: 3,
    });
  });
  it("read the filter JSON, dropping what is not usable", () => {
    expect(
      parseListFilter(
        '{"Brands":[1,"2",-3,"x"],"ProductAttributes":{"1":[4],"bad":[5],"2":[]},"PriceMin":"10,5","PriceMax":-1,"InStock":true}',
      ),
    ).toEqual({
      Brands: [1, 2],
      ProductAttributes: { "1": [4] },
      PriceMin: 10.5,
      InStock: true,
    });
    expect(parseListFilter("{not json")).toEqual({});
    expect(parseListFilter("[1,2]")).toEqual({});
  });
  it("read the same filter from a plain form", () => {
    expect(
      filterFromForm(new URLSearchParams("brand=3&brand=4&av=1:7&av=1:8&av=2:20&priceMin=20&inStock=true")),
    ).toEqual({
      Brands: [3, 4],
      ProductAttributes: { "1": [7, 8], "2": [20] },
      PriceMin: 20,
      InStock: true,
    });
    expect(filterFromForm(new URLSearchParams("q=pull"))).toBeNull();
  });
  it("drop pageindex when page size, sort, display or filter change", () => {
    const here = new URL("http://x/fr/c/pulls?pageindex=3&sort=name");
    expect(listUrl(here, { sort: "price-asc" })).toBe("/fr/c/pulls?sort=price-asc");
    expect(listUrl(here, { pageindex: "4" })).toBe("/fr/c/pulls?pageindex=4&sort=name");
    expect(listUrl(here, { filter: null })).toBe("/fr/c/pulls?sort=name");
  });
});

describe.each(DIALECTS)("product lists on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 120 });
  });
  afterAll(async () => {
    await database.close();
  });

  it("sorts by price both ways and by name", async () => {
    const up = await searchPage("fr", query({ sort: "price-asc", pageSize: "48" }));
    const prices = up.cards.map((c) => c.priceTaxExcl);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const down = await searchPage("fr", query({ sort: "price-desc", pageSize: "12" }));
    expect(down.cards[0]?.priceTaxExcl).toBeGreaterThanOrEqual(up.cards.at(-1)?.priceTaxExcl ?? 0);
    const byName = (await searchPage("de", query({ sort: "name", pageSize: "48" }))).cards.map((c) => c.name);
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("filters by brand, attribute value, price and stock, with counts on the result set", async () => {
    const all = await categoryPage("fr", "vetements", query({ pageSize: "48" }));
    expect(all).not.toBeNull();
    const brand = all?.products.facets.brands[0];
    expect(brand?.count).toBeGreaterThan(0);
    const byBrand = await categoryPage("fr", "vetements", query({ pageSize: "48" }), { Brands: [brand?.id as number] });
    expect(byBrand?.products.total).toBe(brand?.count);
    expect(byBrand?.products.facets.brands).toEqual([brand]);

    const colour = all?.products.facets.attributes.find((a) => a.displayType === "Square");
    const navy = colour?.values[0];
    const byColour = await categoryPage("fr", "vetements", query({ pageSize: "48" }), {
      ProductAttributes: { [String(colour?.id)]: [navy?.id as number] },
    });
    expect(byColour?.products.total).toBe(navy?.count);

    const range = all?.products.facets.priceRange;
    expect(range && range.max > range.min).toBe(true);
    const cheap = await categoryPage("fr", "vetements", query({ pageSize: "48" }), {
      PriceMax: (range?.min ?? 0) + 20,
    });
    expect(cheap?.products.total).toBeGreaterThan(0);
    expect(cheap?.products.total).toBeLessThan(all?.products.total ?? 0);
    for (const card of cheap?.products.cards ?? [])
      expect(card.priceTaxIncl).toBeLessThanOrEqual(((range?.min ?? 0) + 20) * 100 + 1);

    const inStock = await categoryPage("fr", "vetements", query({ pageSize: "48" }), { InStock: true });
    expect(inStock?.products.cards.every((c) => c.inStock)).toBe(true);
  });
});
