import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { db } from "~/server/db/client";
import { apiClient } from "../../../../tests/support/api";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../../tests/support/db";
import { resetSearchIndex } from "./search.server";

type Suggestion = { Name: string; Photo: { AssetId: string; AssetName: string } | null; ProductUrl: string };
const suggest = async (query: string, culture = "fr"): Promise<Suggestion[]> => {
  const response = await apiClient().call("GET", `/catalog/search/suggestions?${query}&culture=${culture}`);
  expect(response.status, query).toBe(200);
  return response.json();
};

const QUERIES = [
  "q=echarpe",
  "q=echrape",
  "q=trui",
  "q=pullover+merino",
  "q=VT-00003",
  "q=cachemire&nbrResults=8",
  "q=linnen",
];

describe.each(DIALECTS)("search suggestions on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 120 });
    resetSearchIndex();
  });
  afterEach(() => resetSearchIndex());
  afterAll(async () => {
    await database.close();
  });

  it("answers Name, Photo and ProductUrl in the request's culture, 5 by default", async () => {
    const results = await suggest("q=pull");
    expect(results).toHaveLength(5);
    for (const r of results) {
      expect(r.Name).toMatch(/^Pull /);
      expect(r.ProductUrl).toMatch(/^\/fr\/p\/pull-[a-z0-9-]+-\d+$/);
      expect(r.Photo?.AssetId).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("forgives missing accents and typos", async () => {
    const plain = await suggest("q=echarpe");
    expect(plain.length).toBeGreaterThan(0);
    expect(plain.every((r) => r.Name.startsWith("Écharpe"))).toBe(true);
    expect((await suggest("q=echrape")).map((r) => r.Name)).toEqual(plain.map((r) => r.Name));
  });

  it("finds a product by its name in any of the six languages, and by SKU", async () => {
    const dutch = await suggest("q=trui");
    expect(dutch.length).toBeGreaterThan(0);
    expect(dutch[0]?.Name).toMatch(/^Pull /);
    const bySku = await suggest("q=VT-00003", "de");
    expect(bySku[0]?.ProductUrl).toMatch(/^\/de\/p\/.+-3$/);
  });

  it("finds SKUs by their beginning, with or without separators", async () => {
    const sku = await db()
      .selectFrom("product_variants")
      .select(["sku", "product_id"])
      .where("product_id", "=", 12)
      .executeTakeFirstOrThrow();
    const start = sku.sku.slice(0, sku.sku.indexOf("-", 3));
    for (const q of [start, start.replace("-", ""), start.toLowerCase().replace("-", " ")]) {
      const found = await suggest(`q=${encodeURIComponent(q)}`);
      expect(
        found.map((r) => r.ProductUrl.split("-").at(-1)),
        q,
      ).toContain("12");
    }
  });

  it("ignores single letters beside real words (the t of t-shirt)", async () => {
    const withLetter = await suggest("q=t-shirt+coton");
    expect(withLetter.length).toBeGreaterThan(0);
    expect(withLetter.map((r) => r.Name)).toEqual((await suggest("q=shirt+coton")).map((r) => r.Name));
  });

  it("ranks name matches before description matches", async () => {
    // The texts are put back afterwards: other tests search the same shop, in any order.
    const saved = await db()
      .selectFrom("product_translations")
      .select(["product_id", "culture", "name", "description"])
      .where((eb) =>
        eb.or([
          eb.and([eb("product_id", "=", 5), eb("culture", "=", "fr")]),
          eb.and([eb("product_id", "=", 6), eb("culture", "=", "nl")]),
        ]),
      )
      .execute();
    onTestFinished(async () => {
      for (const row of saved)
        await db()
          .updateTable("product_translations")
          .set({ name: row.name, description: row.description })
          .where("product_id", "=", row.product_id)
          .where("culture", "=", row.culture)
          .execute();
      resetSearchIndex();
    });
    await db()
      .updateTable("product_translations")
      .set({ description: "Zanzibar inspire ce modèle." })
      .where("product_id", "=", 5)
      .where("culture", "=", "fr")
      .execute();
    await db()
      .updateTable("product_translations")
      .set({ name: "Zanzibar trui" })
      .where("product_id", "=", 6)
      .where("culture", "=", "nl")
      .execute();
    resetSearchIndex();
    const results = await suggest("q=zanzibar");
    expect(results.map((r) => r.ProductUrl.split("-").at(-1))).toEqual(["6", "5"]);
  });

  it("takes accuracy as the similarity threshold and needs two characters", async () => {
    expect((await suggest("q=echrape&accuracy=1")).length).toBe(0);
    expect((await suggest("q=echrape&accuracy=0.3")).length).toBeGreaterThan(0);
    expect((await apiClient().call("GET", "/catalog/search/suggestions?q=e")).status).toBe(400);
    expect((await apiClient().call("GET", "/catalog/search/suggestions?q=pull&nbrResults=31")).status).toBe(400);
    expect((await suggest("q=pull&nbrResults=30")).length).toBeGreaterThan(5);
  });
});

describe.skipIf(!process.env.TEST_POSTGRES_URL)("search suggestions are the same on both databases", () => {
  it("gives the demo shop the same answers", async () => {
    const answers: Record<string, string[][]> = {};
    for (const dialect of DIALECTS) {
      const database = await createTestDatabase(dialect, { products: 120 });
      resetSearchIndex();
      answers[dialect] = [];
      for (const query of QUERIES) answers[dialect].push((await suggest(query)).map((r) => r.ProductUrl));
      await database.close();
    }
    expect(answers.postgres).toEqual(answers.sqlite);
    expect(answers.sqlite?.flat().length).toBeGreaterThan(10);
  });
});
