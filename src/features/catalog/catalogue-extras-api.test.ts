import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import { apiClient } from "../../../tests/support/api";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { ListQuerySchema } from "./catalog";
import { brandPage, productFrameSet, productPage, quickView, relatedProducts, tagPage } from "./catalog.server";
import { buyBox } from "./product/variants.server";

const query = (params: Record<string, string> = {}) => ListQuerySchema.parse(params);

describe.each(DIALECTS)("catalogue extras on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 60 });
  });
  afterAll(async () => {
    await database.close();
  });

  it("lists a brand's products only, whatever brand facet is sent", async () => {
    const brand = await db().selectFrom("brands").select(["id", "slug"]).orderBy("id").executeTakeFirstOrThrow();
    const page = await brandPage("fr", brand.slug, query(), { Brands: [brand.id + 1] });
    expect(page?.products.total).toBeGreaterThan(0);
    const ids = page?.products.cards.map((c) => c.id) ?? [];
    const brands = await db().selectFrom("products").select("brand_id").where("id", "in", ids).execute();
    expect(new Set(brands.map((b) => b.brand_id))).toEqual(new Set([brand.id]));
    expect(await brandPage("fr", "no-such-brand", query())).toBeNull();
  });

  it("lists a tag's products by its translated slug, with sort", async () => {
    const tag = await db()
      .selectFrom("tag_translations")
      .select(["tag_id", "slug"])
      .where("culture", "=", "nl")
      .orderBy("tag_id")
      .executeTakeFirstOrThrow();
    const tagged = await db()
      .selectFrom("product_tags")
      .select("product_id")
      .where("tag_id", "=", tag.tag_id)
      .execute();
    const page = await tagPage("nl", tag.slug, query({ sort: "name", pageSize: "48" }));
    expect(page?.products.total).toBe(tagged.length);
    const names = page?.products.cards.map((c) => c.name) ?? [];
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(await tagPage("fr", tag.slug === "nieuw" ? "no-such-tag" : "nieuw", query())).toBeNull();
  });

  it("gives each product related products from its category, and a frame set to some", async () => {
    const product = await db()
      .selectFrom("products")
      .select(["id", "category_id"])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const related = await relatedProducts("de", product.id);
    expect(related.length).toBeGreaterThan(0);
    expect(related.map((r) => r.id)).not.toContain(product.id);
    const frames = await productFrameSet();
    expect(frames.length).toBe(24);
    const slug = await db()
      .selectFrom("product_translations")
      .select("slug")
      .where("product_id", "=", product.id)
      .where("culture", "=", "de")
      .executeTakeFirstOrThrow();
    const page = await productPage("de", slug.slug);
    expect(page?.related.map((r) => r.id)).toEqual(related.map((r) => r.id));
  });

  it("opens a product page on a variant named by id (reference search links)", async () => {
    const variant = await db()
      .selectFrom("product_variants")
      .select(["id", "product_id"])
      .where("is_default", "=", 0)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const box = await buyBox(variant.product_id, new URLSearchParams({ ProductVariantId: String(variant.id) }), "fr");
    expect(box?.choice.ProductVariantViewModel.ProductVariantId).toBe(variant.id);
    const view = await quickView("fr", variant.product_id);
    expect(view?.variant.ProductId).toBe(variant.product_id);
    expect(await quickView("fr", 999_999)).toBeNull();
  });

  describe("customer references", () => {
    async function signedIn(email: string, password: string) {
      const client = apiClient(`198.51.100.${Math.floor(Math.random() * 200) + 20}`);
      expect((await client.call("POST", "/security/login", { Email: email, Password: password })).status).toBe(200);
      return client;
    }

    it("are for signed-in business customers only", async () => {
      const anonymous = apiClient();
      expect((await anonymous.call("GET", "/catalog/customerref/search?q=REF")).status).toBe(401);
      const privateCustomer = await signedIn("marie@vitrine.test", "Vitrine-demo-1");
      expect((await privateCustomer.call("GET", "/catalog/customerref/search?q=REF")).status).toBe(403);
      expect(
        (await privateCustomer.call("POST", "/catalog/customerref", { ProductVariantId: 1, Reference: "X" })).status,
      ).toBe(403);
    });

    it("finds the customer's own references from 2 characters, 10 per page, with links", async () => {
      const jan = await signedIn("jan@vitrine.test", "Vitrine-demo-2");
      expect((await jan.call("GET", "/catalog/customerref/search?q=R")).status).toBe(400);
      const first = await (await jan.call("GET", "/catalog/customerref/search?q=ref-&culture=it")).json();
      expect(first).toHaveLength(10);
      expect(first[0]).toMatchObject({
        CustomerSKU: { id: expect.any(Number), label: expect.stringContaining("REF-") },
        ProductLink: expect.stringMatching(/^it\/p\/.+\?ProductVariantId=\d+$/),
      });
      const second = await (await jan.call("GET", "/catalog/customerref/search?q=ref-&page=2")).json();
      expect(second.length).toBeGreaterThan(0);
      expect(second[0].CustomerSKU.id).not.toBe(first[0].CustomerSKU.id);
      // Wildcards are text, not patterns.
      expect(await (await jan.call("GET", "/catalog/customerref/search?q=%25%25")).json()).toEqual([]);
    });

    it("saves, replaces and removes a reference; another customer never sees it", async () => {
      const jan = await signedIn("jan@vitrine.test", "Vitrine-demo-2");
      // The last variant for sale (the prepaid credit service after it is never sold by itself).
      const variant = await db()
        .selectFrom("product_variants as v")
        .innerJoin("products as p", "p.id", "v.product_id")
        .select("v.id")
        .where("p.is_active", "=", 1)
        .orderBy("v.id", "desc")
        .executeTakeFirstOrThrow();
      const saved = await jan.call("POST", "/catalog/customerref?culture=fr", {
        ProductVariantId: variant.id,
        Reference: "  MY-OWN-42 ",
      });
      expect(await saved.json()).toEqual({ Status: "Success", Message: "Votre référence est enregistrée." });
      const found = await (await jan.call("GET", "/catalog/customerref/search?q=own-42")).json();
      expect(found.map((r: { CustomerSKU: { id: number } }) => r.CustomerSKU.id)).toEqual([variant.id]);
      const staff = await signedIn("staff@vitrine.test", "Vitrine-staff-1");
      expect((await staff.call("GET", "/catalog/customerref/search?q=own-42")).status).toBe(403);
      await jan.call("POST", "/catalog/customerref", { ProductVariantId: variant.id, Reference: "" });
      expect(await (await jan.call("GET", "/catalog/customerref/search?q=own-42")).json()).toEqual([]);
      expect(
        (await jan.call("POST", "/catalog/customerref", { ProductVariantId: 999999, Reference: "A" })).status,
      ).toBe(404);
      for (const bad of [
        { ProductVariantId: variant.id, Reference: "x".repeat(51) },
        { ProductVariantId: variant.id, Reference: "<b>" },
        { Reference: "A" },
      ])
        expect((await jan.call("POST", "/catalog/customerref", bad)).status).toBe(400);
    });
  });
});
