import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import { apiClient } from "../../../../tests/support/api";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../../tests/support/db";

describe.each(DIALECTS)("variant choice API on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 40 });
  });
  afterAll(async () => {
    await database.close();
  });

  /** A product with two attributes and a hole in its colour x size grid. */
  async function productWithHole() {
    const links = await db()
      .selectFrom("variant_attribute_values as l")
      .innerJoin("product_variants as v", "v.id", "l.variant_id")
      .innerJoin("attribute_values as a", "a.id", "l.attribute_value_id")
      .select(["v.product_id", "v.id as variant_id", "a.attribute_id", "a.id as value_id"])
      .execute();
    const byProduct = new Map<number, typeof links>();
    for (const link of links) byProduct.set(link.product_id, [...(byProduct.get(link.product_id) ?? []), link]);
    for (const [productId, rows] of byProduct) {
      const colours = [...new Set(rows.filter((r) => r.attribute_id === 1).map((r) => r.value_id))];
      const sizes = [...new Set(rows.filter((r) => r.attribute_id === 2).map((r) => r.value_id))];
      const variants = new Map<number, number[]>();
      for (const r of rows) variants.set(r.variant_id, [...(variants.get(r.variant_id) ?? []), r.value_id]);
      for (const colour of colours) {
        for (const size of sizes) {
          const exists = [...variants.values()].some((v) => v.includes(colour) && v.includes(size));
          if (!exists) return { productId, colour, size, colours, sizes };
        }
      }
    }
    throw new Error("the demo shop should have a missing combination");
  }

  it("answers the variant for the chosen values, with every control and its unavailable values", async () => {
    const { productId, colour, size } = await productWithHole();
    const response = await apiClient().call(
      "GET",
      `/catalog/products/${productId}/productvariants?VariantValueId1=${colour}&culture=fr`,
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    const variant = body.ProductVariantViewModel;
    expect(variant).toMatchObject({ ProductId: productId, CurrencyCode: "EUR", VariantValueId1: colour });
    expect(variant.SKU).toMatch(/^VT-/);
    expect(variant.UnitPriceTaxInclHtml).toMatch(/€$/);
    expect(Math.round(variant.UnitPriceTaxIncl * 100)).toBe(Math.round(variant.UnitPriceTaxExcl * 100 * 1.21));
    const [colourControl, sizeControl] = body.ProductVariantAttributesViewModel;
    expect(colourControl.VariationDisplayTypeValue).toBe("Square");
    expect(colourControl.Values[0].ColorCode1).toMatch(/^#[0-9a-f]{6}$/);
    expect(sizeControl.VariationDisplayTypeValue).toBe("Select");
    expect(
      sizeControl.Values.find((v: { ProductAttributeValueId: number }) => v.ProductAttributeValueId === size)
        .IsUnavailable,
    ).toBe(true);
    expect(sizeControl.Value).toBe(variant.VariantValueId2);
  });

  it("keeps the shopper's latest choice when the old combination does not exist", async () => {
    const { productId, colour, size } = await productWithHole();
    const response = await apiClient().call(
      "GET",
      `/catalog/products/${productId}/productvariants?VariantValueId1=${colour}&VariantValueId2=${size}&LastChangedValueId=${size}`,
    );
    const body = await response.json();
    expect(body.ProductVariantViewModel.VariantValueId2).toBe(size);
    expect(body.ProductVariantViewModel.VariantValueId1).not.toBe(colour);
  });

  it("prices by quantity with the degressive tiers and corrects the quantity to the rules", async () => {
    const tier = await db()
      .selectFrom("prices")
      .innerJoin("product_variants as v", "v.id", "prices.variant_id")
      .select(["v.product_id", "v.id", "prices.min_quantity", "prices.amount_tax_excl"])
      .where("prices.min_quantity", ">", 1)
      .orderBy("v.id")
      .executeTakeFirstOrThrow();
    const values = await db()
      .selectFrom("variant_attribute_values")
      .select("attribute_value_id")
      .where("variant_id", "=", tier.id)
      .execute();
    const query = values.map((v, i) => `VariantValueId${i + 1}=${v.attribute_value_id}`).join("&");
    const one = await (
      await apiClient().call("GET", `/catalog/products/${tier.product_id}/productvariants?${query}&Quantity=1`)
    ).json();
    const many = await (
      await apiClient().call(
        "GET",
        `/catalog/products/${tier.product_id}/productvariants?${query}&Quantity=${tier.min_quantity}`,
      )
    ).json();
    expect(many.ProductVariantViewModel.ProductVariantId).toBe(tier.id);
    expect(Math.round(many.ProductVariantViewModel.UnitPriceTaxExcl * 100)).toBe(tier.amount_tax_excl);
    expect(many.ProductVariantViewModel.UnitPriceTaxExcl).toBeLessThan(one.ProductVariantViewModel.UnitPriceTaxExcl);
  });

  it("carries the variant's stock by warehouse, its gallery (its colour first) and the customer's reference form as HTML", async () => {
    // A product whose second colour has its own photos: choosing it puts them first.
    const photo = await db()
      .selectFrom("product_assets as pa")
      .innerJoin("assets as a", "a.id", "pa.asset_id")
      .innerJoin("variant_attribute_values as l", "l.attribute_value_id", "pa.attribute_value_id")
      .innerJoin("product_variants as v", (j) =>
        j.onRef("v.id", "=", "l.variant_id").onRef("v.product_id", "=", "pa.product_id"),
      )
      .select(["pa.product_id", "v.id as variant_id", "a.guid", "pa.attribute_value_id", "pa.position"])
      .where("pa.position", ">", 0)
      .orderBy("pa.product_id")
      .executeTakeFirstOrThrow();
    await db().updateTable("stock").set({ quantity: 7 }).where("variant_id", "=", photo.variant_id).execute();
    const warehouses = await db().selectFrom("warehouses").select(["id", "name"]).where("is_active", "=", 1).execute();
    const query = `VariantValueId1=${photo.attribute_value_id}&culture=nl`;
    const anonymous = await (
      await apiClient().call("GET", `/catalog/products/${photo.product_id}/productvariants?${query}`)
    ).json();
    const variant = anonymous.ProductVariantViewModel;
    expect(variant.VariantValueId1).toBe(photo.attribute_value_id);

    // Every active warehouse, in the caller's language, with the chosen variant's quantities.
    expect(variant.StockByWarehouseHtml).toContain("data-stock-by-warehouse");
    expect(variant.StockByWarehouseHtml).toContain("Voorraad per magazijn");
    for (const warehouse of warehouses)
      expect(variant.StockByWarehouseHtml).toContain(`data-warehouse-id="${warehouse.id}"`);
    const stock = await db()
      .selectFrom("stock")
      .select(["warehouse_id", "quantity"])
      .where("variant_id", "=", variant.ProductVariantId)
      .execute();
    for (const row of stock)
      expect(variant.StockByWarehouseHtml).toMatch(
        new RegExp(`data-warehouse-id="${row.warehouse_id}">[^]*?<td>${row.quantity}</td>`),
      );

    // The gallery widget, the chosen colour's photo first.
    expect(variant.GalleryHtml).toContain('data-layout="widget"');
    const photos = [...variant.GalleryHtml.matchAll(/href="\/media\/([^."]+)\.jpg"/g)].map((m) => m[1]);
    const colourPhotos = await db()
      .selectFrom("product_assets as pa")
      .innerJoin("assets as a", "a.id", "pa.asset_id")
      .select("a.guid")
      .where("pa.product_id", "=", photo.product_id)
      .where("pa.attribute_value_id", "=", photo.attribute_value_id)
      .orderBy("pa.position")
      .execute();
    expect(photos[0]).toBe(colourPhotos[0]?.guid);
    expect(photos).toContain(photo.guid);

    // No reference form for a visitor; a business customer's form holds their reference for this variant.
    expect(variant.CustomerReferenceHtml).toBe("");
    const jan = apiClient("198.51.100.77");
    expect(
      (await jan.call("POST", "/security/login", { Email: "jan@vitrine.test", Password: "Vitrine-demo-2" })).status,
    ).toBe(200);
    expect(
      (
        await jan.call("POST", "/catalog/customerref", {
          ProductVariantId: variant.ProductVariantId,
          Reference: "JAN-<7>",
        })
      ).status,
    ).toBe(400);
    await jan.call("POST", "/catalog/customerref", { ProductVariantId: variant.ProductVariantId, Reference: "JAN-77" });
    const signedIn = await (
      await jan.call("GET", `/catalog/products/${photo.product_id}/productvariants?${query}`)
    ).json();
    const form = signedIn.ProductVariantViewModel.CustomerReferenceHtml;
    expect(form).toContain(`name="ProductVariantId" value="${variant.ProductVariantId}"`);
    expect(form).toContain('value="JAN-77"');
    expect(form).toContain("/nl/catalog/customerref/update");
  });

  it("answers unknown products with 404 and junk values with 400", async () => {
    expect((await apiClient().call("GET", "/catalog/products/999999/productvariants")).status).toBe(404);
    expect((await apiClient().call("GET", "/catalog/products/abc/productvariants")).status).toBe(404);
    const junk = await apiClient().call("GET", "/catalog/products/1/productvariants?VariantValueId1=-4");
    expect(junk.status).toBe(400);
    expect((await junk.json()).Code).toBe("ValidationFailed");
    expect((await apiClient().call("GET", "/catalog/products/1/productvariants?Quantity=lots")).status).toBe(400);
  });
});
