import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "~/features/integration/integration.server";
import { db } from "~/server/db/client";
import { tokenCaller } from "../../../../tests/support/api";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../../tests/support/db";
import { committedPageVersion } from "../../../../tests/support/page-version";

const SCARF = {
  Names: { fr: "Écharpe en laine", de: "Wollschal" },
  Descriptions: { fr: "Laine mérinos." },
  Category: "Accessoires > Écharpes",
  Brand: "Atelier Nord",
  Tags: ["hiver"],
  Variants: [
    {
      Sku: "SCARF-GREY",
      Ean: "4006381333931",
      Attributes: { colour: "Gris" },
      ColourCodes: ["#808080"],
      Price: 2990,
      Tiers: [{ MinQuantity: 5, Amount: 2790 }],
      MaxQuantity: 10,
      Stock: { BRU: 4, LIL: 2 },
    },
  ],
};

describe.each(DIALECTS)("the catalogue's products API on %s", (dialect) => {
  let database: TestDatabase;
  let call: ReturnType<typeof tokenCaller>;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 6 });
    call = tokenCaller((await createApiToken("pim", ["catalog:read", "catalog:write"], "test")).token, "pim.example");
  });
  afterAll(async () => {
    await database.close();
  });

  it("creates a product by its key, reads it back in the same shape, and the same PUT again changes nothing", async () => {
    const created = await call("PUT", "/admin/catalog/products/SCARF", SCARF);
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({ Variants: [{ Sku: "SCARF-GREY", Outcome: "created" }] });
    const read = await (await call("GET", "/admin/catalog/products/SCARF")).json();
    expect(read).toMatchObject({
      Names: { fr: "Écharpe en laine", de: "Wollschal" },
      Category: "Accessoires > Écharpes",
      Brand: "Atelier Nord",
      Published: true,
      Tags: ["hiver"],
      Variants: [
        {
          Sku: "SCARF-GREY",
          Ean: "4006381333931",
          Attributes: { colour: "Gris" },
          ColourCodes: ["#808080"],
          Price: 2990,
          Tiers: [{ MinQuantity: 5, Amount: 2790 }],
          MaxQuantity: 10,
          Stock: { BRU: 4, LIL: 2 },
        },
      ],
    });
    const again = await (await call("PUT", "/admin/catalog/products/SCARF", SCARF)).json();
    expect(again.Variants[0].Outcome).toBe("unchanged");
    const audits = await db().selectFrom("audit_log").select("action").where("target", "=", "product:SCARF").execute();
    expect(audits).toHaveLength(1);
  });

  it("says whom apparel is for (Google's gender and age group), in the API and in its feed; refuses another value by field", async () => {
    const put = await call("PUT", "/admin/catalog/products/SCARF-KIDS", {
      ...SCARF,
      Gender: "female",
      AgeGroup: "kids",
      Variants: [{ ...SCARF.Variants[0], Sku: "SCARF-KIDS-GREY", Ean: null }],
    });
    expect(put.status, await put.clone().text()).toBe(200);
    expect(await (await call("GET", "/admin/catalog/products/SCARF-KIDS")).json()).toMatchObject({
      Gender: "female",
      AgeGroup: "kids",
    });
    const refused = await call("PUT", "/admin/catalog/products/SCARF-KIDS", { ...SCARF, Gender: "girls" });
    expect(refused.status).toBe(400);
    expect(Object.keys((await refused.json()).Errors)).toEqual(["Gender"]);
    const row = await db()
      .selectFrom("products")
      .select(["gender", "age_group"])
      .where("product_key", "=", "SCARF-KIDS")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ gender: "female", age_group: "kids" });
    // Left out of a later PUT: kept; null: removed.
    await call("PUT", "/admin/catalog/products/SCARF-KIDS", {
      ...SCARF,
      Variants: [{ ...SCARF.Variants[0], Sku: "SCARF-KIDS-GREY", Ean: null }],
    });
    expect((await (await call("GET", "/admin/catalog/products/SCARF-KIDS")).json()).Gender).toBe("female");
    await call("PUT", "/admin/catalog/products/SCARF-KIDS", {
      ...SCARF,
      Gender: null,
      Variants: [{ ...SCARF.Variants[0], Sku: "SCARF-KIDS-GREY", Ean: null }],
    });
    expect((await (await call("GET", "/admin/catalog/products/SCARF-KIDS")).json()).Gender).toBeNull();
  });

  it("gives a product a VAT class (issue 72): read back, kept when unsaid, refused outside the four", async () => {
    const book = { ...SCARF, Names: { fr: "Livre de recettes" }, Variants: [{ Sku: "BOOK-1", Price: 1500 }] };
    expect((await call("PUT", "/admin/catalog/products/BOOK", { ...book, VatClass: "super-reduced" })).status).toBe(
      200,
    );
    expect(((await (await call("GET", "/admin/catalog/products/BOOK")).json()) as { VatClass: string }).VatClass).toBe(
      "super-reduced",
    );
    // Unsaid, the class stays; a new product without one is standard.
    expect((await call("PUT", "/admin/catalog/products/BOOK", book)).status).toBe(200);
    const stored = await db()
      .selectFrom("products")
      .select("vat_class")
      .where("product_key", "=", "BOOK")
      .executeTakeFirstOrThrow();
    expect(stored.vat_class).toBe("super-reduced");
    const refused = await call("PUT", "/admin/catalog/products/BOOK", { ...book, VatClass: "luxury" });
    expect(refused.status).toBe(400);
    expect(Object.keys(((await refused.json()) as { Errors: Record<string, string[]> }).Errors)).toContain("VatClass");
    // The CSV's column says it too, and exports it.
    const csv =
      "product_key,sku,name.fr,price,vat_class\nBOOK,BOOK-1,Livre de recettes,15.00,reduced\nPEN,PEN-1,Stylo,2.00,luxe\n";
    const imported = await call("POST", "/admin/catalog/import?partial=true", csv, "text/csv");
    expect(imported.status).toBe(200);
    const report = (await imported.json()) as { Errors: { Row: number; Column: string }[] };
    expect(report.Errors).toEqual([expect.objectContaining({ Row: 3, Column: "vat_class" })]);
    const after = await db()
      .selectFrom("products")
      .select("vat_class")
      .where("product_key", "=", "BOOK")
      .executeTakeFirstOrThrow();
    expect(after.vat_class).toBe("reduced");
    const exported = await (await call("GET", "/admin/catalog/export.csv")).text();
    expect(exported.split("\n").find((line) => line.startsWith("BOOK,"))).toContain(",reduced");
  });

  it("moves and renames a category, archives a product, and refuses a loop, a stolen SKU, a bad EAN, an unknown warehouse by field", async () => {
    expect((await call("PUT", "/admin/catalog/categories/winter", { Names: { fr: "Hiver" } })).status).toBe(200);
    const child = await call("PUT", "/admin/catalog/categories/gloves", { Names: { fr: "Gants" }, Parent: "winter" });
    expect(child.status).toBe(200);
    const loop = await call("PUT", "/admin/catalog/categories/winter", { Names: { fr: "Hiver" }, Parent: "gloves" });
    expect(loop.status).toBe(400);
    expect((await loop.json()).Errors.Parent).toEqual(["Une catégorie ne peut pas aller sous elle-même."]);
    const renamed = await call("PUT", "/admin/catalog/categories/gloves?culture=nl", {
      Names: { fr: "Gants et mitaines", nl: "Handschoenen" },
      Parent: null,
    });
    expect(renamed.status).toBe(200);
    const gloves = await db()
      .selectFrom("categories as c")
      .innerJoin("category_translations as t", "t.category_id", "c.id")
      .select(["c.parent_id", "t.culture", "t.name", "t.slug"])
      .where("c.code", "=", "gloves")
      .where("t.culture", "in", ["fr", "nl"])
      .orderBy("t.culture")
      .execute();
    expect(gloves).toEqual([
      { parent_id: null, culture: "fr", name: "Gants et mitaines", slug: "gants-et-mitaines" },
      { parent_id: null, culture: "nl", name: "Handschoenen", slug: "handschoenen" },
    ]);

    const { sku } = await db()
      .selectFrom("product_variants")
      .select("sku")
      .where("product_id", "=", 1)
      .executeTakeFirstOrThrow();
    const bad = await call("PUT", "/admin/catalog/products/THIEF?culture=de", {
      Names: { fr: "Voleur" },
      Variants: [
        { Sku: sku, Price: 100 },
        { Sku: "THIEF-2", Price: 100, Stock: { NOPE: 1 } },
      ],
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).Errors).toEqual({
      "Variants.0.Sku": ["Diese SKU gehört zu Produkt VT-00001."],
      "Variants.1.Stock.NOPE": ["Kein Lager hat den Code NOPE."],
    });
    const ean = await call("PUT", "/admin/catalog/products/EAN", {
      Names: { fr: "X" },
      Variants: [{ Sku: "EAN-1", Price: 1, Ean: "123" }],
    });
    expect((await ean.json()).Errors).toHaveProperty(["Variants.0.Ean"]);
    expect(
      await db().selectFrom("products").select("id").where("product_key", "in", ["THIEF", "EAN"]).execute(),
    ).toEqual([]);

    const archived = await call("POST", "/admin/catalog/products/SCARF/archive");
    expect(archived.status).toBe(200);
    const scarf = await db()
      .selectFrom("products")
      .select("is_active")
      .where("product_key", "=", "SCARF")
      .executeTakeFirst();
    expect(scarf?.is_active ?? 0).toBe(0);
    expect((await call("POST", "/admin/catalog/products/NOPE/archive")).status).toBe(404);
  });

  it("creates a warehouse by its code, then stock goes to it; a bad code is a 404, a token without the scope 403", async () => {
    const created = await call("PUT", "/admin/catalog/warehouses/GNT", { Name: "Gand", City: "Gent" });
    expect(await created.json()).toMatchObject({ Created: true });
    expect(
      await (await call("PUT", "/admin/catalog/warehouses/GNT", { Name: "Gand", City: "Gent" })).json(),
    ).toMatchObject({
      Created: false,
    });
    const put = await call("PUT", "/admin/catalog/products/CANDLE-GNT", {
      Names: { fr: "Bougie" },
      Variants: [{ Sku: "CANDLE-GNT-1", Price: 990, Stock: { GNT: 7 } }],
    });
    expect(put.status).toBe(200);
    expect((await (await call("GET", "/admin/catalog/products/CANDLE-GNT")).json()).Variants[0].Stock).toEqual({
      GNT: 7,
    });
    expect((await call("PUT", "/admin/catalog/warehouses/bad code", { Name: "X", City: "Y" })).status).toBe(404);
    const reader = tokenCaller((await createApiToken("reader2", ["catalog:read"], "test")).token);
    expect((await reader("PUT", "/admin/catalog/warehouses/GNT", { Name: "X", City: "Y" })).status).toBe(403);
  });

  it("names an attribute and its values in each culture, for every shopper's language, and refuses a value it lacks", async () => {
    const put = await call("PUT", "/admin/catalog/products/SOCKS", {
      Names: { fr: "Chaussettes" },
      Variants: [{ Sku: "SOCKS-1", Price: 500, Attributes: { teinte: "Gris clair" } }],
    });
    expect(put.status).toBe(200);
    // Made by the product: one name in every culture.
    const made = (await (await call("GET", "/admin/catalog/attributes")).json()).Attributes.find(
      (a: { Code: string }) => a.Code === "teinte",
    );
    expect(made.Names).toMatchObject({ fr: "Teinte", nl: "Teinte" });
    expect(made.Values).toEqual([{ Code: "gris-clair", Names: expect.objectContaining({ nl: "Gris clair" }) }]);

    const named = await call("PUT", "/admin/catalog/attributes/teinte", {
      Names: { fr: "Teinte", nl: "Tint", de: "Farbton" },
      Values: { "Gris clair": { Names: { nl: "Lichtgrijs" } }, "gris-clair": { Names: { de: "Hellgrau" } } },
    });
    expect(named.status).toBe(200);
    expect(await named.json()).toMatchObject({
      Code: "teinte",
      Names: { fr: "Teinte", nl: "Tint", de: "Farbton", es: "Teinte" },
      Values: [{ Code: "gris-clair", Names: { fr: "Gris clair", nl: "Lichtgrijs", de: "Hellgrau", it: "Gris clair" } }],
    });
    // What a Dutch shopper's list filters by.
    const dutch = await db()
      .selectFrom("attribute_value_translations as t")
      .innerJoin("attribute_values as v", "v.id", "t.attribute_value_id")
      .select("t.name")
      .where("v.code", "=", "gris-clair")
      .where("t.culture", "=", "nl")
      .executeTakeFirst();
    expect(dutch?.name).toBe("Lichtgrijs");
    // The same names again write nothing: every cached page stays, and the audit log holds no second entry.
    const version = committedPageVersion;
    const before = await version();
    expect(
      (
        await call("PUT", "/admin/catalog/attributes/teinte", {
          Names: { nl: "Tint" },
          Values: { "gris-clair": { Names: { nl: "Lichtgrijs" } } },
        })
      ).status,
    ).toBe(200);
    expect(await version()).toBe(before);
    const updates = await db()
      .selectFrom("audit_log")
      .select("action")
      .where("target", "=", "attribute:teinte")
      .where("action", "=", "attribute.update")
      .execute();
    expect(updates).toHaveLength(1);

    const unknown = await call("PUT", "/admin/catalog/attributes/teinte?culture=de", {
      Names: { fr: "Nuance" },
      Values: { Bleu: { Names: { nl: "Blauw" } } },
    });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).Errors).toEqual({ "Values.Bleu": ["Das Merkmal teinte hat keinen Wert Bleu."] });
    const kept = (await (await call("GET", "/admin/catalog/attributes")).json()).Attributes.find(
      (a: { Code: string }) => a.Code === "teinte",
    );
    expect(kept.Names.fr).toBe("Teinte");

    // A new code makes the attribute before any product uses it.
    const fresh = await call("PUT", "/admin/catalog/attributes/matiere", { Names: { fr: "Matière", nl: "Materiaal" } });
    expect(await fresh.json()).toMatchObject({
      Code: "matiere",
      Names: { fr: "Matière", nl: "Materiaal", de: "Matière" },
      Values: [],
    });
    expect((await call("PUT", "/admin/catalog/attributes/Bad Code", { Names: {} })).status).toBe(404);
    const reader = tokenCaller((await createApiToken("reader3", ["catalog:read"], "test")).token);
    expect((await reader("PUT", "/admin/catalog/attributes/teinte", { Names: { fr: "X" } })).status).toBe(403);
  });

  it("never touches the prepaid credit product, and a token without the scope gets 403", async () => {
    const prepaid = await call("PUT", "/admin/catalog/products/ANY", {
      Names: { fr: "Crédit" },
      Variants: [{ Sku: "PREPAID-CREDIT", Price: 1 }],
    });
    expect(prepaid.status).toBe(400);
    const reader = tokenCaller((await createApiToken("reader", ["catalog:read"], "test")).token);
    expect((await reader("PUT", "/admin/catalog/products/SCARF", SCARF)).status).toBe(403);
    expect((await reader("GET", "/admin/catalog/products/SCARF")).status).toBe(200);
    const orders = tokenCaller((await createApiToken("orders", ["orders:read"], "test")).token);
    expect((await orders("GET", "/admin/catalog/products/SCARF")).status).toBe(403);
  });
});
