import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { CULTURES } from "~/lib/culture";
import { db } from "~/server/db/client";
import { DIALECTS, useTestDatabase } from "../../../tests/support/db";
import {
  parseSitemapFileName,
  SITEMAP_KINDS,
  type SitemapFile,
  sitemapFileName,
  sitemapFiles,
  sitemapFileXml,
  sitemapIndexXml,
} from "./sitemaps.server";

const SITE = "https://shop.example";
const SCHEMA = { fileName: "sitemap.xsd", contents: readFileSync("tests/support/schemas/sitemap.xsd", "utf8") };

async function text(file: Pick<SitemapFile, "kind" | "culture" | "part">, max?: number): Promise<string> {
  const chunks = await sitemapFileXml(SITE, file, max);
  if (!chunks) throw new Error(`no sitemap ${sitemapFileName(file)}`);
  let out = "";
  for await (const chunk of chunks) out += chunk;
  return out;
}

/** Valid against the protocol's schema, all files in one run of xmllint (each run loads its WebAssembly). */
async function valid(files: { fileName: string; contents: string }[]) {
  // A 20,000-product file with its alternates is 15 MB: xmllint gets 1 GiB.
  const result = await validateXML({ xml: files, schema: SCHEMA, maxMemoryPages: 16_384 });
  expect(result.errors.map((e) => e.rawMessage)).toEqual([]);
  expect(result.valid).toBe(true);
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);

describe.each(DIALECTS)("sitemaps on %s", (dialect) => {
  useTestDatabase(dialect, { products: 12 });

  it("index every kind in every culture, each file valid, products with their alternates", async () => {
    const files = await sitemapFiles();
    for (const kind of SITEMAP_KINDS)
      expect(
        files.filter((f) => f.kind === kind).map((f) => f.culture),
        kind,
      ).toEqual([...CULTURES]);
    const documents = [{ fileName: "index.xml", contents: sitemapIndexXml(SITE, files) }];
    for (const file of files) documents.push({ fileName: sitemapFileName(file), contents: await text(file) });
    await valid(documents);

    const products = await text({ kind: "products", culture: "nl", part: 1 });
    const slugs = await db()
      .selectFrom("product_translations")
      .select(["product_id", "culture", "slug"])
      .where("product_id", "=", 3)
      .execute();
    const nl = slugs.find((s) => s.culture === "nl")?.slug;
    const url = new RegExp(`<url><loc>${SITE}/nl/p/${nl}</loc><lastmod>\\d{4}-\\d\\d-\\d\\d</lastmod>(.*?)</url>`);
    const alternates = url.exec(products)?.[1] ?? "";
    for (const s of slugs)
      expect(alternates).toContain(`hreflang="${s.culture}" href="${SITE}/${s.culture}/p/${s.slug}"`);
    const home = await text({ kind: "pages", culture: "de", part: 1 });
    expect(locs(home)).toContain(`${SITE}/de/`);
    expect(locs(home).filter((l) => l === `${SITE}/de/`)).toHaveLength(1);
    expect(locs(await text({ kind: "brands", culture: "fr", part: 1 })).every((l) => l.includes("/fr/brand/"))).toBe(
      true,
    );
  });

  it("lists only the products a shopper can open, and dates each file by its latest change", async () => {
    const active = await db()
      .selectFrom("products")
      .select("id")
      .where("is_active", "=", 1)
      .where("product_key", "is not", null)
      .execute();
    const before = locs(await text({ kind: "products", culture: "fr", part: 1 }));
    expect(before).toHaveLength(active.length);
    const hidden = active[0]?.id as number;
    const slug = (
      await db()
        .selectFrom("product_translations")
        .select("slug")
        .where("product_id", "=", hidden)
        .where("culture", "=", "fr")
        .executeTakeFirstOrThrow()
    ).slug;
    expect(before).toContain(`${SITE}/fr/p/${slug}`);
    await db().updateTable("products").set({ is_active: 0 }).where("id", "=", hidden).execute();
    await db()
      .updateTable("products")
      .set({ updated_at: "2031-02-03T04:05:06.000Z" })
      .where("id", "=", active[1]?.id as number)
      .execute();
    const after = locs(await text({ kind: "products", culture: "fr", part: 1 }));
    expect(after).toHaveLength(active.length - 1);
    expect(after).not.toContain(`${SITE}/fr/p/${slug}`);
    const index = sitemapIndexXml(SITE, await sitemapFiles());
    expect(index).toContain(`<loc>${SITE}/sitemaps/products-fr-1.xml</loc><lastmod>2031-02-03</lastmod>`);
    await db().updateTable("products").set({ is_active: 1 }).where("id", "=", hidden).execute();
  });

  it("split a kind past the limit into parts that name every address exactly once", async () => {
    const whole = locs(await text({ kind: "products", culture: "it", part: 1 }));
    const files = (await sitemapFiles(5)).filter((f) => f.kind === "products" && f.culture === "it");
    expect(files.map((f) => f.part)).toEqual(Array.from({ length: Math.ceil(whole.length / 5) }, (_, i) => i + 1));
    const parts = [];
    for (const file of files) parts.push(...locs(await text(file, 5)));
    expect(parts).toEqual(whole);
    expect(new Set(parts).size).toBe(parts.length);
    expect(await sitemapFileXml(SITE, { kind: "products", culture: "it", part: files.length + 1 }, 5)).toBeNull();
  });
});

describe("sitemap file names", () => {
  it("read back what they write and refuse anything else", () => {
    expect(parseSitemapFileName(sitemapFileName({ kind: "news", culture: "pt", part: 3 }))).toEqual({
      kind: "news",
      culture: "pt",
      part: 3,
    });
    for (const bad of ["products-xx-1.xml", "orders-fr-1.xml", "products-fr-0.xml", "products-fr-1.xml.gz", "../x"])
      expect(parseSitemapFileName(bad), bad).toBeNull();
  });
});

describe("sitemaps of the bench's 20,000-product shop (sqlite)", () => {
  useTestDatabase("sqlite", { products: 20_000 });

  it("name every product of every culture in exactly one file, valid against the protocol", async () => {
    const files = (await sitemapFiles()).filter((f) => f.kind === "products");
    expect(files.map((f) => `${f.culture}-${f.part}`)).toEqual(CULTURES.map((c) => `${c}-1`));
    const seen = new Map<string, number>();
    let french = "";
    for (const file of files) {
      const xml = await text(file);
      if (file.culture === "fr") french = xml;
      for (const loc of locs(xml)) seen.set(loc, (seen.get(loc) ?? 0) + 1);
    }
    expect(seen.size).toBe(20_000 * CULTURES.length);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    const rows = await db()
      .selectFrom("product_translations as t")
      .innerJoin("products as p", "p.id", "t.product_id")
      .where("p.is_active", "=", 1)
      .where("p.product_key", "is not", null)
      .select(["t.culture", "t.slug"])
      .execute();
    expect(rows.filter((r) => !seen.has(`${SITE}/${r.culture}/p/${r.slug}`))).toEqual([]);
    await valid([{ fileName: "products-fr-1.xml", contents: french }]);
  }, 60_000);
});
