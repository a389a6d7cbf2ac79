import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "~/features/integration/integration.server";
import { db } from "~/server/db/client";
import { tokenCaller } from "../../../tests/support/api";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { committedPageVersion } from "../../../tests/support/page-version";
import { countriesWithoutShipping, countryByCode, shippingMethodsFor } from "./pricing.server";

/** What a shopper in that country and culture is offered at her checkout. */
async function offered(country: string, culture: "fr" | "nl" | "de" = "fr") {
  const id = (await countryByCode(db(), country))?.id as number;
  return (await shippingMethodsFor(db(), id, culture)).map((m) => [m.code, m.name, m.amountTaxExcl, m.freeFromTaxIncl]);
}

describe.each(DIALECTS)("the shipping methods API on %s", (dialect) => {
  let database: TestDatabase;
  let call: ReturnType<typeof tokenCaller>;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 2 });
    // A real shop starts with no shipping method: its checkout can take no order until it has one.
    await db().deleteFrom("shipping_rates").execute();
    call = tokenCaller((await createApiToken("erp", ["catalog:read", "catalog:write"], "test")).token);
  });
  afterAll(async () => {
    await database.close();
  });

  it("creates home delivery with a price per country, names in every culture, and the checkout offers it", async () => {
    expect(await offered("BE")).toEqual([]);
    expect(await countriesWithoutShipping(db())).toEqual(expect.arrayContaining(["BE", "NL", "FR"]));
    const body = {
      Names: { fr: "Livraison bpost", nl: "Levering bpost" },
      Rates: { BE: { Amount: 495, FreeFrom: 7500 }, NL: { Amount: 695 } },
    };
    const created = await call("PUT", "/admin/shipping/methods/bpost", body);
    expect(created.status).toBe(200);
    expect(await created.json()).toEqual({
      Code: "bpost",
      Kind: "home",
      Names: {
        fr: "Livraison bpost",
        nl: "Levering bpost",
        // A culture left out shows the French name.
        es: "Livraison bpost",
        de: "Livraison bpost",
        it: "Livraison bpost",
        pt: "Livraison bpost",
      },
      Position: expect.any(Number),
      Active: true,
      Rates: {
        BE: { Amount: 495, FreeFrom: 7500, TransitDays: null },
        NL: { Amount: 695, FreeFrom: null, TransitDays: null },
      },
      Created: true,
    });
    expect(await offered("BE")).toEqual([["bpost", "Livraison bpost", 495, 7500]]);
    expect(await offered("NL", "nl")).toEqual([["bpost", "Levering bpost", 695, null]]);
    expect(await offered("FR")).toEqual([]);
    const unshipped = await countriesWithoutShipping(db());
    expect(unshipped).toContain("FR");
    expect(unshipped).not.toContain("BE");
    expect(unshipped).not.toContain("NL");

    // The same body again changes nothing, not even the version of public pages (nor the audit log); a
    // country left out keeps its price, null stops the method there.
    const version = committedPageVersion;
    const before = await version();
    expect(await (await call("PUT", "/admin/shipping/methods/bpost", body)).json()).toMatchObject({ Created: false });
    expect(await version()).toBe(before);
    const moved = await call("PUT", "/admin/shipping/methods/bpost", {
      Names: {},
      Rates: { NL: null, FR: { Amount: 995, FreeFrom: null } },
    });
    expect((await moved.json()).Rates).toEqual({
      BE: { Amount: 495, FreeFrom: 7500, TransitDays: null },
      FR: { Amount: 995, FreeFrom: null, TransitDays: null },
    });
    expect(await offered("NL", "nl")).toEqual([]);
    expect(await offered("FR")).toEqual([["bpost", "Livraison bpost", 995, null]]);
    // A change moves it: product pages and feeds show the cheapest delivery.
    expect(await version()).toBeGreaterThan(before);

    // Inactive: offered nowhere, still readable; the list holds every method, pickup ones included.
    await call("PUT", "/admin/shipping/methods/bpost", { Names: {}, Rates: {}, Active: false });
    expect(await offered("BE")).toEqual([]);
    expect(await (await call("GET", "/admin/shipping/methods/bpost")).json()).toMatchObject({ Active: false });
    const list = await (await call("GET", "/admin/shipping/methods")).json();
    expect(list.Methods.map((m: { Code: string }) => m.Code)).toEqual(expect.arrayContaining(["bpost", "relay"]));
    expect(
      (await db().selectFrom("audit_log").select("action").where("target", "=", "shipping:bpost").execute()).length,
    ).toBe(3);
  });

  it("keeps a rate's days in transit (search engines' delivery time), refuses a minimum above the maximum", async () => {
    const days = { Names: { fr: "Colissimo" }, Rates: { FR: { Amount: 690, TransitDays: { Min: 2, Max: 4 } } } };
    expect((await (await call("PUT", "/admin/shipping/methods/colissimo", days)).json()).Rates.FR).toEqual({
      Amount: 690,
      FreeFrom: null,
      TransitDays: { Min: 2, Max: 4 },
    });
    // A new price without days keeps them; null clears them.
    const priced = await call("PUT", "/admin/shipping/methods/colissimo", {
      Names: {},
      Rates: { FR: { Amount: 720 } },
    });
    expect((await priced.json()).Rates.FR.TransitDays).toEqual({ Min: 2, Max: 4 });
    const cleared = await call("PUT", "/admin/shipping/methods/colissimo", {
      Names: {},
      Rates: { FR: { Amount: 720, TransitDays: null } },
    });
    expect((await cleared.json()).Rates.FR.TransitDays).toBeNull();
    const refused = await call("PUT", "/admin/shipping/methods/colissimo", {
      Names: {},
      Rates: { FR: { Amount: 720, TransitDays: { Min: 5, Max: 2 } } },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys((await refused.json()).Errors)).toEqual(["Rates.FR.TransitDays.Max"]);
  });

  it("makes several new methods sent at once, each with its own id, and answers none without a token", async () => {
    const codes = ["express", "eco", "cargo", "night"];
    const answers = await Promise.all(
      codes.map((code) =>
        call("PUT", `/admin/shipping/methods/${code}`, { Names: { fr: code }, Rates: { LU: { Amount: 900 } } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const rows = await db().selectFrom("shipping_methods").select(["id", "code"]).where("code", "in", codes).execute();
    expect(new Set(rows.map((r) => r.id)).size).toBe(4);
    expect((await offered("LU")).map(([code]) => code).sort()).toEqual([...codes].sort());
    expect(
      (await tokenCaller("vt_madeupmadeupmadeupmadeupmadeupmadeupmadeu")("GET", "/admin/shipping/methods")).status,
    ).toBe(401);
  });

  it("refuses an unknown country by field in the caller's language, a pickup method, bad amounts and codes, and a token without the scope", async () => {
    const unknown = await call("PUT", "/admin/shipping/methods/dhl?culture=nl", {
      Names: { fr: "DHL" },
      Rates: { BE: { Amount: 500 }, XX: { Amount: 500 } },
    });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).Errors).toEqual({ "Rates.XX": ["Geen leveringsland heeft de code XX."] });
    // Refused whole: not even Belgium's price was kept.
    expect((await call("GET", "/admin/shipping/methods/dhl")).status).toBe(404);

    const pickup = await call("PUT", "/admin/shipping/methods/relay", { Names: { fr: "Relais" }, Rates: {} });
    expect(pickup.status).toBe(400);
    expect((await pickup.json()).Errors).toHaveProperty("Kind");

    for (const rate of [{ Amount: -1 }, { Amount: 1.5 }, { Amount: 100, FreeFrom: 0 }, { Amount: 100, Extra: 1 }]) {
      const bad = await call("PUT", "/admin/shipping/methods/dhl", { Names: { fr: "DHL" }, Rates: { BE: rate } });
      expect(bad.status, JSON.stringify(rate)).toBe(400);
    }
    expect((await call("PUT", "/admin/shipping/methods/DHL", { Names: {}, Rates: {} })).status).toBe(404);
    const reader = tokenCaller((await createApiToken("reader", ["catalog:read"], "test")).token);
    expect((await reader("PUT", "/admin/shipping/methods/dhl", { Names: { fr: "DHL" }, Rates: {} })).status).toBe(403);
    expect((await reader("GET", "/admin/shipping/methods")).status).toBe(200);
  });
});
