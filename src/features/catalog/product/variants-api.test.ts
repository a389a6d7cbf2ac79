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

  it("answers unknown products with 404 and junk values with 400", async () => {
    expect((await apiClient().call("GET", "/catalog/products/999999/productvariants")).status).toBe(404);
    expect((await apiClient().call("GET", "/catalog/products/abc/productvariants")).status).toBe(404);
    const junk = await apiClient().call("GET", "/catalog/products/1/productvariants?VariantValueId1=-4");
    expect(junk.status).toBe(400);
    expect((await junk.json()).Code).toBe("ValidationFailed");
    expect((await apiClient().call("GET", "/catalog/products/1/productvariants?Quantity=lots")).status).toBe(400);
  });
});
