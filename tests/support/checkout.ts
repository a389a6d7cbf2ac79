import { db } from "../../src/server/db/client";

/** A simple variant (min 1, step 1, no max) with at least `units` in stock, and its product. */
export async function simpleVariant(units = 3, skip = 0) {
  const rows = await db()
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .leftJoin("stock as s", "s.variant_id", "v.id")
    .select(["v.id", "v.product_id", "p.brand_id", (eb) => eb.fn.sum<number | string>("s.quantity").as("units")])
    .where("v.min_quantity", "=", 1)
    .where("v.step_quantity", "=", 1)
    .where("v.max_quantity", "is", null)
    .where("p.is_active", "=", 1)
    .groupBy(["v.id", "v.product_id", "p.brand_id"])
    .orderBy("v.id")
    .execute();
  const found = rows.filter((r) => Number(r.units ?? 0) >= units)[skip];
  if (!found) throw new Error("the demo shop should have such a variant");
  return { id: found.id, productId: found.product_id, brandId: found.brand_id, units: Number(found.units) };
}

export async function countryId(code: string): Promise<number> {
  return (await db().selectFrom("countries").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
}

export async function billingAddress(code = "BE") {
  return {
    FirstName: "Anne",
    LastName: "Martin",
    Street1: "Rue Haute 10",
    PostalCode: "1000",
    City: "Bruxelles",
    CountryId: await countryId(code),
  };
}
