import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import type { PageVersionSource } from "~/server/page-cache/page-version";
import { registerPublicVersion } from "~/server/page-cache/registry";
import type { Session } from "~/server/session/session";
import { giveSessionCart } from "../../../tests/support/cart";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { testPageVersion, until } from "../../../tests/support/page-version";
import { cartSummary } from "./cart.server";
import { cartDetail, summaryShownBy } from "./cart-detail.server";

/** Leaves this many units of a variant, in its first warehouse. */
async function units(variantId: number, quantity: number): Promise<void> {
  const first = await db()
    .selectFrom("stock")
    .select("warehouse_id")
    .where("variant_id", "=", variantId)
    .orderBy("warehouse_id")
    .executeTakeFirstOrThrow();
  await db()
    .updateTable("stock")
    .set((eb) => ({ quantity: eb.case().when("warehouse_id", "=", first.warehouse_id).then(quantity).else(0).end() }))
    .where("variant_id", "=", variantId)
    .execute();
}

/**
 * The cart page's lines and prices come from the memo the header's summary keeps per content of the
 * cart: with the database's own version and tags (as the production server reads them), a change of
 * stock or price made elsewhere still shows on the next page, with the adjustment it calls for.
 */
describe.each(DIALECTS)("the cart page priced from the kept cart on %s", (dialect) => {
  let database: TestDatabase;
  let version: PageVersionSource;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 6 });
    version = await testPageVersion(dialect, database);
    registerPublicVersion(version);
  });
  afterAll(async () => {
    registerPublicVersion(undefined);
    await version.close();
    await database.close();
  });

  it("follows another shopper's order on its stock, and a new price, while the cart is unchanged", async () => {
    const session: Session = { id: `kept-${dialect}-${Date.now()}`, customerId: null, data: {} };
    const variant = (await db().selectFrom("product_variants").select("id").orderBy("id").limit(1).executeTakeFirst())
      ?.id as number;
    await units(variant, 5);
    await giveSessionCart(session.id as string, variant, 4);
    const first = await cartDetail(session, "fr");
    expect(first.adjustments).toEqual([]);
    expect(await cartDetail(session, "fr")).toEqual(first);
    expect((await cartSummary(session, "fr")).ItemsCount).toBe(4);

    // Another shopper's order leaves 2: the page lowers her line and says so, at once.
    const mark = version.tagMark();
    await units(variant, 2);
    await until(() => version.tagMark() !== mark);
    const lowered = await cartDetail(session, "fr");
    expect(lowered.adjustments.map((a) => a.Quantity)).toEqual([2]);
    expect(lowered.summary.ItemsCount).toBe(2);

    // A new price: the same cart is priced again.
    const before = (await cartDetail(session, "fr")).summary.AmountTaxInclHtml;
    const priced = version.tagMark();
    await sql`update prices set amount_tax_excl = amount_tax_excl + 10000 where variant_id = ${variant}`.execute(db());
    await until(() => version.tagMark() !== priced);
    const after = await cartDetail(session, "fr");
    expect(after.adjustments).toEqual([]);
    expect(after.summary.AmountTaxInclHtml).not.toBe(before);
    expect((await cartSummary(session, "fr")).AmountTaxInclHtml).toBe(after.summary.AmountTaxInclHtml);
  });

  it("hands the header's mini-cart the cart as the page left it, for that request and culture only", async () => {
    const session: Session = { id: `shown-${dialect}-${Date.now()}`, customerId: null, data: {} };
    // Another variant than the first test's, with stock of its own.
    const variant = (
      await db()
        .selectFrom("stock")
        .select("variant_id")
        .orderBy("variant_id", "desc")
        .limit(1)
        .executeTakeFirstOrThrow()
    ).variant_id;
    await units(variant, 5);
    await giveSessionCart(session.id as string, variant, 4);
    expect(summaryShownBy(session, "fr")).toBeUndefined();
    const mark = version.tagMark();
    await units(variant, 3);
    await until(() => version.tagMark() !== mark);
    // The page lowers the line to the stock: the header shows 3 too, not the 4 read before the page ran.
    const page = await cartDetail(session, "fr");
    expect(page.adjustments.map((a) => a.Quantity)).toEqual([3]);
    expect(summaryShownBy(session, "fr")).toEqual(page.summary);
    expect(summaryShownBy(session, "fr")?.ItemsCount).toBe(3);
    expect(summaryShownBy(session, "fr")).toEqual(await cartSummary(session, "fr"));
    // Another culture's header reads its own; the next request (a new session object) reads the cart.
    expect(summaryShownBy(session, "nl")).toBeUndefined();
    expect(summaryShownBy({ ...session }, "fr")).toBeUndefined();
  });
});
