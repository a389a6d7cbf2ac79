import { describe, expect, it } from "vitest";
import { featuredProducts } from "~/features/catalog/catalog.server";
import { priceCountryCode } from "~/features/pricing/price-country.server";
import { db } from "~/server/db/client";
import { withRequestSession } from "~/server/http/request-context";
import type { Session } from "~/server/session/session";
import { apiClient } from "../../../tests/support/api";
import { simpleVariant } from "../../../tests/support/checkout";
import { DIALECTS, useTestDatabase } from "../../../tests/support/db";

const session = (data: Record<string, unknown>): Session => ({ id: null, customerId: null, data });

describe.each(DIALECTS)("the shopper's current country on %s", (dialect) => {
  useTestDatabase(dialect, { products: 12 });

  it("shows prices with the current country's VAT, the shop's own before one is chosen", async () => {
    const home = await withRequestSession(session({}), () => featuredProducts("fr", 1));
    const french = await withRequestSession(session({ currentCountry: "FR" }), () => featuredProducts("fr", 1));
    const [be, fr] = [home[0], french[0]];
    expect(be?.priceTaxExcl).toBe(fr?.priceTaxExcl);
    // Belgium 21 %, France 20 %.
    expect(be?.priceTaxIncl).toBe(Math.round(((be?.priceTaxExcl ?? 0) * 12100) / 10000));
    expect(fr?.priceTaxIncl).toBe(Math.round(((fr?.priceTaxExcl ?? 0) * 12000) / 10000));
    expect(priceCountryCode(session({ currentCountry: "<script>" }))).toBe("BE");
  });

  it("sets the country by code or id, ships an existing cart there, and refuses unknown countries", async () => {
    const client = apiClient("203.0.113.80");
    const variant = await simpleVariant(2);
    await client.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 });
    const before = (await (await client.call("GET", "/shoppingcarts")).json()) as {
      AmountTaxIncl?: number;
      [k: string]: unknown;
    };
    const set = await client.call("PUT", "/salestaxes/currentcountry", { currentCountry: "fr" });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ CountryCode: "FR" });
    const cart = await db()
      .selectFrom("carts")
      .innerJoin("countries", "countries.id", "carts.shipping_country_id")
      .select("countries.code")
      .orderBy("carts.id", "desc")
      .executeTakeFirstOrThrow();
    expect(cart.code).toBe("FR");
    const after = (await (await client.call("GET", "/shoppingcarts")).json()) as Record<string, unknown>;
    expect(after).not.toEqual(before);
    const nl = (await db().selectFrom("countries").select("id").where("code", "=", "NL").executeTakeFirstOrThrow()).id;
    expect(await (await client.call("PUT", "/salestaxes/currentcountry", { currentCountry: nl })).json()).toEqual({
      CountryCode: "NL",
    });
    expect((await client.call("PUT", "/salestaxes/currentcountry", { currentCountry: "US" })).status).toBe(404);
    expect((await client.call("PUT", "/salestaxes/currentcountry", { currentCountry: "France" })).status).toBe(400);
    expect((await client.call("PUT", "/salestaxes/currentcountry", {})).status).toBe(400);
  });
});
