import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "~/features/integration/integration.server";
import { db } from "~/server/db/client";
import { apiClient, tokenCaller } from "../../../tests/support/api";
import { simpleVariant } from "../../../tests/support/checkout";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";

/** A shopper with one line in her cart tries a code: true when it applies, else the reason. */
async function tryCode(code: string, client = apiClient()) {
  const variant = await simpleVariant(2);
  await client.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 });
  const answer = await client.call("POST", "/shoppingcarts/coupon", { CouponCode: code });
  return (await answer.json()) === true ? true : answer.headers.get("Coupon-Problem");
}

describe.each(DIALECTS)("the coupons API on %s", (dialect) => {
  let database: TestDatabase;
  let call: ReturnType<typeof tokenCaller>;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 4 });
    call = tokenCaller((await createApiToken("crm", ["catalog:read", "catalog:write"], "test")).token);
  });
  afterAll(async () => {
    await database.close();
  });

  it("makes a coupon a shopper can use at once, changes it, stops it, and keeps one for one customer", async () => {
    const body = { Percent: 12.5, MinimumTotal: 100, ValidTo: "2099-12-31T23:59:59Z", MaxUsesPerCustomer: 1 };
    const made = await call("PUT", "/admin/coupons/printemps", body);
    expect(made.status).toBe(200);
    expect(await made.json()).toEqual({
      Code: "PRINTEMPS",
      Percent: 12.5,
      Amount: null,
      MinimumTotal: 100,
      ValidFrom: null,
      ValidTo: "2099-12-31T23:59:59.000Z",
      MaxUses: null,
      MaxUsesPerCustomer: 1,
      Category: null,
      Brand: null,
      Customer: null,
      Active: true,
      Uses: 0,
      Created: true,
    });
    // Shoppers type it in any case.
    expect(await tryCode("Printemps")).toBe(true);

    // The same body again writes nothing; a fixed amount instead of the percentage is one change.
    expect(await (await call("PUT", "/admin/coupons/PRINTEMPS", body)).json()).toMatchObject({ Created: false });
    expect(await (await call("PUT", "/admin/coupons/printemps", { Amount: 500 })).json()).toMatchObject({
      Percent: null,
      Amount: 500,
      MaxUsesPerCustomer: 1,
    });
    const audits = await db()
      .selectFrom("audit_log")
      .select("action")
      .where("target", "=", "coupon:PRINTEMPS")
      .execute();
    expect(audits.map((a) => a.action)).toEqual(["coupon.create", "coupon.update"]);

    // Stopped: unknown to shoppers; back with a start in the future: not yet valid.
    await call("PUT", "/admin/coupons/printemps", { Active: false });
    expect(await tryCode("PRINTEMPS")).toBe("CouponUnknown");
    await call("PUT", "/admin/coupons/printemps", { Active: true, ValidFrom: "2099-01-01T00:00:00Z" });
    expect(await tryCode("PRINTEMPS")).toBe("CouponNotYetValid");

    // One customer's own coupon: another shopper may not use it.
    await call("PUT", "/admin/coupons/merci-marie", { Percent: 20, Customer: "Marie@Vitrine.test" });
    expect(await (await call("GET", "/admin/coupons/merci-marie")).json()).toMatchObject({
      Customer: "marie@vitrine.test",
    });
    expect(await tryCode("MERCI-MARIE")).toBe("CouponNotForYou");
    const list = (await (await call("GET", "/admin/coupons")).json()).Coupons.map((c: { Code: string }) => c.Code);
    expect(list).toEqual(expect.arrayContaining(["PRINTEMPS", "MERCI-MARIE", "BIENVENUE10"]));
  });

  it("makes one coupon when a back office sends the same new code four times at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call("PUT", "/admin/coupons/flash", { Percent: 5 })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect((await db().selectFrom("coupons").select("id").where("code", "=", "FLASH").execute()).length).toBe(1);
  });

  it("refuses a coupon it cannot keep by field, in the caller's language, and writes nothing", async () => {
    const refused = async (body: Record<string, unknown>, culture = "fr") => {
      const answer = await call("PUT", `/admin/coupons/rate?culture=${culture}`, body);
      expect(answer.status).toBe(400);
      return (await answer.json()).Errors as Record<string, string[]>;
    };
    expect((await refused({ Percent: 10, Amount: 500 })).Percent).toEqual([
      "Donnez Percent (deux décimales au plus) ou Amount, pas les deux.",
    ]);
    expect(await refused({ MinimumTotal: 100 })).toHaveProperty("Percent");
    expect(await refused({ Percent: 12.345 })).toHaveProperty("Percent");
    expect((await refused({ Percent: 10, Brand: "Nope" }, "nl")).Brand).toEqual(["Geen merk heet Nope."]);
    expect(await refused({ Percent: 10, Category: "nope" })).toHaveProperty("Category");
    expect((await refused({ Percent: 10, Customer: "nobody@example.org" }, "de")).Customer).toEqual([
      "Kein Kunde hat die Adresse nobody@example.org.",
    ]);
    expect(
      await refused({ Percent: 10, ValidFrom: "2030-02-01T00:00:00Z", ValidTo: "2030-01-01T00:00:00Z" }),
    ).toHaveProperty("ValidTo");
    expect((await call("GET", "/admin/coupons/rate")).status).toBe(404);
    const reader = tokenCaller((await createApiToken("reader", ["catalog:read"], "test")).token);
    expect((await reader("PUT", "/admin/coupons/rate", { Percent: 10 })).status).toBe(403);
  });
});
