import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/server/db/client";
import { registerPublicVersion } from "~/server/page-cache/registry";
import type { Session } from "~/server/session/session";
import { giveSessionCart } from "../../../tests/support/cart";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { handPageVersion } from "../../../tests/support/page-version";
import { cartSummary } from "./cart.server";

describe.each(DIALECTS)("the header's cart summary on %s", (dialect) => {
  let database: TestDatabase;
  let version: ReturnType<typeof handPageVersion>;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 12 });
    version = handPageVersion(1);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    registerPublicVersion(undefined);
    await database.close();
  });

  it("is priced once per content of the cart, and again when the cart, public data or the minute changes", async () => {
    // The summary is kept for the current minute: the test holds the clock still, so a minute that ends
    // while it runs cannot price the cart again behind its back (it did, once in CI).
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-26T10:00:05Z") });
    const session: Session = { id: `summary-${dialect}-${Date.now()}`, customerId: null, data: {} };
    const [first, second] = (
      await db().selectFrom("product_variants").select("id").orderBy("id").limit(2).execute()
    ).map((r) => r.id) as [number, number];
    await giveSessionCart(session.id as string, first, 1);
    const one = await cartSummary(session, "fr");
    expect(one.ItemsCount).toBe(1);

    // Prices move while the hand-held version does not: the kept summary answers.
    await sql`update prices set amount_tax_excl = amount_tax_excl + 10000`.execute(db());
    expect(await cartSummary(session, "fr")).toEqual(one);

    // The cart's content changed: priced again, with the new prices.
    await giveSessionCart(session.id as string, second, 2);
    const three = await cartSummary(session, "fr");
    expect(three.ItemsCount).toBe(3);
    expect(three.AmountTaxInclHtml).not.toBe(one.AmountTaxInclHtml);

    // Public data changed (the version moved): priced again.
    await sql`update prices set amount_tax_excl = amount_tax_excl - 10000`.execute(db());
    expect(await cartSummary(session, "fr")).toEqual(three);
    version.bump();
    const after = await cartSummary(session, "fr");
    expect(after.ItemsCount).toBe(3);
    expect(after.AmountTaxInclHtml).not.toBe(three.AmountTaxInclHtml);

    // The minute ends: priced again, even with the same cart and version (coupons follow the clock).
    await sql`update prices set amount_tax_excl = amount_tax_excl + 10000`.execute(db());
    expect(await cartSummary(session, "fr")).toEqual(after);
    vi.setSystemTime(new Date("2026-11-26T10:01:00Z"));
    expect((await cartSummary(session, "fr")).AmountTaxInclHtml).not.toBe(after.AmountTaxInclHtml);

    // Another culture is its own summary.
    expect((await cartSummary(session, "nl")).ItemsCount).toBe(3);
  });
});
