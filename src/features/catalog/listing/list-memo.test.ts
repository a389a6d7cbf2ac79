import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { sqlitePageVersion } from "~/server/page-cache/page-version";
import { registerPublicVersion } from "~/server/page-cache/registry";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../../tests/support/db";
import { testPageVersion, until } from "../../../../tests/support/page-version";
import { ListQuerySchema } from "../catalog";
import { categoryPage, productPage } from "../catalog.server";
import { chooseVariant } from "../product/variants.server";

const query = ListQuerySchema.parse({ sort: "name" });

describe.each(DIALECTS)("product lists and product pages kept by the version of public data on %s", (dialect) => {
  let database: TestDatabase;
  let source: ReturnType<typeof sqlitePageVersion> | undefined;

  afterAll(async () => {
    registerPublicVersion(undefined);
    await source?.close();
    await database?.close();
  });

  it("answers the kept list until a price or a name changes, then the new one at once", async () => {
    database = await createTestDatabase(dialect, { products: 12 });
    const { db } = database.handle;
    source = await testPageVersion(dialect, database);
    const version = source;
    registerPublicVersion(version);

    const slug = (await sql<{ slug: string }>`select slug from category_translations where culture = 'fr'`.execute(db))
      .rows[0]?.slug as string;
    const first = await categoryPage("fr", slug, query);
    const card = first?.products.cards[0];
    expect(card).toBeDefined();
    // Kept: the same answer, not a new load.
    expect(await categoryPage("fr", slug, query)).toEqual(first);
    expect((await categoryPage("fr", slug, query))?.products).toBe(first?.products);

    // An operator's SQL, not a service: the database's own triggers say public data changed.
    const before = version.current() as number;
    await sql`update product_translations set name = ${"Zz renamed"} where product_id = ${card?.id} and culture = 'fr'`.execute(
      db,
    );
    await sql`update prices set amount_tax_excl = amount_tax_excl + 1000`.execute(db);
    await until(() => (version.current() as number) > before);
    const after = await categoryPage("fr", slug, query);
    const renamed = after?.products.cards.find((c) => c.id === card?.id);
    expect(renamed?.name).toBe("Zz renamed");
    expect(renamed?.priceTaxExcl).toBe((card?.priceTaxExcl ?? 0) + 1000);
    expect(renamed?.priceTaxIncl).toBeGreaterThan(card?.priceTaxIncl ?? 0);
  });

  it("answers a kept product page and variant choice until its name, price or stock changes", async () => {
    const { db } = database.handle;
    const version = source as NonNullable<typeof source>;
    const row = (
      await sql<{
        slug: string;
        product_id: number;
      }>`select slug, product_id from product_translations where culture = 'fr' order by product_id`.execute(db)
    ).rows[0] as { slug: string; product_id: number };
    const page = await productPage("fr", row.slug);
    expect(await productPage("fr", row.slug)).toBe(page);
    const choice = await chooseVariant(row.product_id, [], null, "fr");
    const variantId = choice?.ProductVariantViewModel.ProductVariantId as number;

    const before = version.current() as number;
    await sql`update product_translations set name = ${"Kept no more"} where product_id = ${row.product_id} and culture = 'fr'`.execute(
      db,
    );
    await sql`update prices set amount_tax_excl = amount_tax_excl + 500 where variant_id = ${variantId}`.execute(db);
    await sql`update stock set quantity = 0 where variant_id = ${variantId}`.execute(db);
    await until(() => (version.current() as number) > before);
    expect((await productPage("fr", row.slug))?.product.name).toBe("Kept no more");
    const after = await chooseVariant(row.product_id, [], null, "fr");
    expect(after?.ProductVariantViewModel.UnitPriceTaxExcl).toBe(
      (choice?.ProductVariantViewModel.UnitPriceTaxExcl ?? 0) + 5,
    );
    expect(after?.ProductVariantViewModel.IsInStock).toBe(false);
  });
});
