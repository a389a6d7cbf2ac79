import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CULTURES } from "../../src/lib/culture";
import type { Db } from "../../src/server/db/client";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/db";

async function fingerprint(db: Db): Promise<string> {
  const names = await db
    .selectFrom("product_translations")
    .select(["product_id", "culture", "name", "slug"])
    .orderBy("product_id")
    .orderBy("culture")
    .execute();
  const prices = await db.selectFrom("prices").selectAll().orderBy("variant_id").orderBy("min_quantity").execute();
  const stock = await db.selectFrom("stock").selectAll().orderBy("variant_id").orderBy("warehouse_id").execute();
  return createHash("sha256")
    .update(JSON.stringify([names, prices, stock]))
    .digest("hex");
}

describe.each(DIALECTS)("demo shop seed on %s", (dialect) => {
  let first: TestDatabase;
  beforeAll(async () => {
    first = await createTestDatabase(dialect, { products: 200, seed: 7 });
  });
  afterAll(async () => {
    await first.close();
  });

  it("has the catalogue's breadth", async () => {
    const db = first.handle.db;
    const count = async (table: "products" | "brands" | "warehouses" | "countries") =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // 200 products for sale, and the prepaid credit service, which is never listed.
    expect(await count("products")).toBe(201);
    const listed = await db.selectFrom("products").select("id").where("is_active", "=", 1).execute();
    expect(listed.length).toBeLessThanOrEqual(200);
    expect(await count("brands")).toBeGreaterThanOrEqual(10);
    expect(await count("warehouses")).toBeGreaterThanOrEqual(3);
    const leaves = await db.selectFrom("products").select("category_id").distinct().execute();
    expect(leaves.length).toBeGreaterThanOrEqual(8);
    const codes = (await db.selectFrom("countries").select("code").execute()).map((c) => c.code);
    for (const code of ["BE", "NL", "LU", "FR", "DE", "ES", "IT", "PT"]) expect(codes).toContain(code);
  });

  it("translates names, descriptions and slugs into all six cultures", async () => {
    const rows = await first.handle.db
      .selectFrom("product_translations")
      .selectAll()
      .where("product_id", "=", 2)
      .execute();
    expect(rows.map((r) => r.culture).sort()).toEqual([...CULTURES].sort());
    expect(new Set(rows.map((r) => r.name)).size).toBeGreaterThan(3);
    for (const row of rows) {
      expect(row.name).not.toMatch(/Product \d|\((fr|nl|es|de|it|pt)\)/);
      expect(row.description.length).toBeGreaterThan(40);
      expect(row.slug).toMatch(/^[a-z0-9-]+-2$/);
    }
  });

  it("has swatches of one to three colours, missing combinations, empty stock and tiered prices", async () => {
    const db = first.handle.db;
    const colours = await db.selectFrom("attribute_values").selectAll().where("attribute_id", "=", 1).execute();
    expect(colours.some((c) => c.color_code2 === null)).toBe(true);
    expect(colours.some((c) => c.color_code2 !== null && c.color_code3 === null)).toBe(true);
    expect(colours.some((c) => c.color_code3 !== null)).toBe(true);
    const tiers = await db.selectFrom("prices").select("variant_id").where("min_quantity", ">", 1).execute();
    expect(tiers.length).toBeGreaterThan(0);
    const out = await db
      .selectFrom("stock")
      .select("variant_id")
      .groupBy("variant_id")
      .having((eb) => eb.fn.sum("quantity"), "=", 0)
      .execute();
    expect(out.length).toBeGreaterThan(0);
    // A product whose colour x size grid has holes.
    const variants = await db.selectFrom("product_variants").select(["product_id"]).execute();
    const perProduct = new Map<number, number>();
    for (const v of variants) perProduct.set(v.product_id, (perProduct.get(v.product_id) ?? 0) + 1);
    const holes = [...perProduct.values()].some(
      (n) => n % 4 !== 0 && n % 5 !== 0 && n % 6 !== 0 && n % 3 !== 0 && n > 1,
    );
    expect(holes).toBe(true);
  });

  it("gives each product photos per colour, as stored assets", async () => {
    const db = first.handle.db;
    const photos = await db
      .selectFrom("product_assets")
      .select(["product_id", "attribute_value_id"])
      .where("product_id", "=", 1)
      .execute();
    expect(photos.length).toBeGreaterThanOrEqual(2);
    expect(photos.every((p) => p.attribute_value_id !== null)).toBe(true);
  });

  it("is deterministic for a seed number", async () => {
    const before = await fingerprint(first.handle.db);
    const again = await createTestDatabase(dialect, { products: 200, seed: 7 });
    const other = await createTestDatabase(dialect, { products: 200, seed: 8 });
    try {
      expect(await fingerprint(again.handle.db)).toBe(before);
      expect(await fingerprint(other.handle.db)).not.toBe(before);
    } finally {
      await again.close();
      await other.close();
    }
  });
});
