import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import { apiClient } from "../../../tests/support/api";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { lineProblem } from "./cart";

describe("line quantity rules", () => {
  const rules = { min: 2, max: 10, step: 2 };
  it("accepts a quantity that obeys the rules and the stock", () => {
    expect(lineProblem(rules, 50, 0, 4)).toBeNull();
    expect(lineProblem(rules, 50, 4, 6)).toBeNull();
  });
  it("refuses a broken step, below min or beyond max with the nearest valid value", () => {
    expect(lineProblem(rules, 50, 0, 3)).toEqual({ code: "QuantityRuleBroken", suggested: 4 });
    expect(lineProblem(rules, 50, 0, 1)).toEqual({ code: "QuantityRuleBroken", suggested: 2 });
    expect(lineProblem(rules, 50, 6, 6)).toEqual({ code: "QuantityRuleBroken", suggested: 4 });
  });
  it("refuses more than the stock, counting what the cart holds", () => {
    expect(lineProblem({ min: 1, max: null, step: 1 }, 5, 3, 3)).toEqual({ code: "InsufficientStock", available: 2 });
    expect(lineProblem({ min: 1, max: null, step: 1 }, 0, 0, 1)).toEqual({ code: "InsufficientStock", available: 0 });
  });
});

describe.each(DIALECTS)("add to cart API on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 40 });
  });
  afterAll(async () => {
    await database.close();
  });

  async function variantWith(where: "in-stock" | "out-of-stock" | "stepped") {
    const rows = await db()
      .selectFrom("product_variants as v")
      .leftJoin("stock as s", "s.variant_id", "v.id")
      .select([
        "v.id",
        "v.step_quantity",
        "v.min_quantity",
        "v.max_quantity",
        (eb) => eb.fn.sum<number | string>("s.quantity").as("units"),
      ])
      .groupBy(["v.id", "v.step_quantity", "v.min_quantity", "v.max_quantity"])
      .orderBy("v.id")
      .execute();
    const row = rows.find((r) => {
      const units = Number(r.units ?? 0);
      if (where === "out-of-stock") return units === 0;
      if (where === "stepped") return r.step_quantity > 1 && units >= r.step_quantity * 2;
      return units >= 3 && r.step_quantity === 1 && r.min_quantity === 1 && r.max_quantity === null;
    });
    if (!row) throw new Error(`the demo shop should have a ${where} variant`);
    return { id: row.id, units: Number(row.units ?? 0), step: row.step_quantity, min: row.min_quantity };
  }

  it("creates the session and its cart, adds the line and answers the new summary and tracking item", async () => {
    const client = apiClient();
    const variant = await variantWith("in-stock");
    // Other tests put the same variant in their carts: this test counts only the lines it makes.
    const earlier = (
      await db().selectFrom("cart_lines").select("id").where("variant_id", "=", variant.id).execute()
    ).map((line) => line.id);
    const response = await client.call("POST", "/catalog/products/addtocart?culture=nl", {
      ProductVariantId: variant.id,
      Quantity: 2,
      Name: "ignored",
      price: 0.01,
    });
    expect(response.status).toBe(200);
    expect(client.cookie).toMatch(/^vitrine_sid=/);
    const body = await response.json();
    expect(body.Cart.ItemsCount).toBe(2);
    expect(body.Message).toContain("winkelwagen");
    expect(body.Item).toMatchObject({ quantity: 2, sku: expect.any(String), item_brand: expect.any(String) });
    expect(body.Item.price).toBeGreaterThan(0.01);
    // Again: the same line grows.
    const again = await (
      await client.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 })
    ).json();
    expect(again.Cart.ItemsCount).toBe(3);
    const lines = (
      await db().selectFrom("cart_lines").select(["id", "quantity"]).where("variant_id", "=", variant.id).execute()
    )
      .filter((line) => !earlier.includes(line.id))
      .map((line) => ({ quantity: line.quantity }));
    expect(lines).toEqual([{ quantity: 3 }]);
    expect((await (await client.call("GET", "/shoppingcarts")).json()).ItemsCount).toBe(3);
  });

  it("refuses an out-of-stock variant with 409 and writes nothing", async () => {
    const client = apiClient();
    const variant = await variantWith("out-of-stock");
    const before = await db()
      .selectFrom("cart_lines")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const response = await client.call("POST", "/catalog/products/addtocart?culture=fr", {
      ProductVariantId: variant.id,
      Quantity: 1,
    });
    expect(response.status).toBe(409);
    const body = await response.json();
    expect(body.Code).toBe("InsufficientStock");
    expect(body.Errors.Quantity[0]).toContain("0");
    const after = await db()
      .selectFrom("cart_lines")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("refuses more than the stock left beside the cart", async () => {
    const client = apiClient();
    const variant = await variantWith("in-stock");
    const response = await client.call("POST", "/catalog/products/addtocart", {
      ProductVariantId: variant.id,
      Quantity: variant.units + 1,
    });
    expect(response.status).toBe(409);
    expect((await response.json()).Errors.Quantity[0]).toContain(String(variant.units));
  });

  it("refuses a quantity that breaks the step with 422 and the value to use", async () => {
    const client = apiClient();
    const variant = await variantWith("stepped");
    const response = await client.call("POST", "/catalog/products/addtocart?culture=de", {
      ProductVariantId: variant.id,
      Quantity: variant.step + 1,
    });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.Code).toBe("QuantityRuleBroken");
    const suggested = Number(/(\d+)\.?$/.exec(body.Message)?.[1]);
    expect(suggested % variant.step).toBe(0);
    expect(suggested).toBeGreaterThanOrEqual(variant.min);
    const ok = await client.call("POST", "/catalog/products/addtocart", {
      ProductVariantId: variant.id,
      Quantity: variant.step,
    });
    expect(ok.status).toBe(200);
  });

  it("answers 400 for bad input and 404 for an unknown variant", async () => {
    const client = apiClient();
    for (const body of [
      {},
      { ProductVariantId: "x", Quantity: 1 },
      { ProductVariantId: 1, Quantity: 0 },
      { ProductVariantId: 1, Quantity: -3 },
      { ProductVariantId: 1, Quantity: 1.5 },
      { ProductVariantId: 1, Quantity: 1, ItemOrigin: "Evil" },
    ]) {
      const response = await client.call("POST", "/catalog/products/addtocart", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).Code).toBe("ValidationFailed");
    }
    const missing = await client.call("POST", "/catalog/products/addtocart", { ProductVariantId: 999999, Quantity: 1 });
    expect(missing.status).toBe(404);
    expect((await missing.json()).Code).toBe("ProductVariantNotFound");
  });

  it("puts a signed-in customer's additions in the customer's cart", async () => {
    const client = apiClient("198.51.100.9");
    await client.call("POST", "/security/login", { Email: "jan@vitrine.test", Password: "Vitrine-demo-2" });
    const variant = await variantWith("in-stock");
    expect(
      (await client.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 })).status,
    ).toBe(200);
    const cart = await db()
      .selectFrom("carts as c")
      .innerJoin("customers as u", "u.id", "c.customer_id")
      .select("c.id")
      .where("u.email", "=", "jan@vitrine.test")
      .executeTakeFirst();
    expect(cart).toBeDefined();
  });
});
