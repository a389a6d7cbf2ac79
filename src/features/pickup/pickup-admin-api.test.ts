import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "~/features/integration/integration.server";
import { shippingPromises } from "~/features/pricing/pricing.server";
import { db } from "~/server/db/client";
import { apiClient, tokenCaller } from "../../../tests/support/api";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";

const auditCount = async (target: string) =>
  (await db().selectFrom("audit_log").select("action").where("target", "=", target).execute()).length;

describe.each(DIALECTS)("the shop's pickup points and store pickup through the API on %s", (dialect) => {
  let database: TestDatabase;
  let call: ReturnType<typeof tokenCaller>;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 2 });
    call = tokenCaller((await createApiToken("erp", ["catalog:read", "catalog:write"], "test")).token);
  });
  afterAll(async () => {
    await database.close();
  });

  it("makes a shop a pickup point placed at its postal code, offered by a store method a shopper finds it with", async () => {
    const point = {
      Name: "Atelier Gand",
      Street: "Korenmarkt 5",
      PostalCode: "9000",
      City: "Gent",
      Country: "BE",
      Phone: "+32 9 123 45 67",
      Hours: "2-6 10:00-12:30,13:30-18:00;7 closed",
    };
    const made = await call("PUT", "/admin/pickup/points/gand", point);
    expect(made.status).toBe(200);
    const answer = await made.json();
    expect(answer).toMatchObject({ ...point, Code: "gand", Active: true, Created: true });
    // No coordinates given: Ghent's postal code's, from the postal codes every shop has.
    expect(answer.Latitude).toBeCloseTo(51.05, 1);
    expect(answer.Longitude).toBeCloseTo(3.72, 1);

    // The same point again writes nothing; a new phone is written and audited once.
    expect(await (await call("PUT", "/admin/pickup/points/gand", point)).json()).toMatchObject({ Created: false });
    expect(await auditCount("pickup:gand")).toBe(1);
    await call("PUT", "/admin/pickup/points/gand", {
      ...point,
      Phone: "+32 9 765 43 21",
      Latitude: 51.0545,
      Longitude: 3.7215,
    });
    expect(await (await call("GET", "/admin/pickup/points/gand")).json()).toMatchObject({
      Phone: "+32 9 765 43 21",
      Latitude: 51.0545,
    });
    expect(await auditCount("pickup:gand")).toBe(2);
    const codes = (await (await call("GET", "/admin/pickup/points")).json()).Points.map(
      (p: { Code: string }) => p.Code,
    );
    expect(codes).toEqual(expect.arrayContaining(["gand", "shop-1"]));

    // A store pickup method, free in Belgium: its search finds the new point, hours in the shopper's language.
    const method = await call("PUT", "/admin/shipping/methods/retrait", {
      Kind: "store",
      Names: { fr: "Retrait à l'atelier", nl: "Afhalen in het atelier" },
      Rates: { BE: { Amount: 0 } },
    });
    expect(await method.json()).toMatchObject({ Kind: "store", Created: true });
    // Every page's footer may now promise pickup in the shop.
    expect(await shippingPromises()).toMatchObject({
      store: true,
      homeCountries: expect.arrayContaining(["BE", "NL"]),
    });
    const methodId = (
      await db().selectFrom("shipping_methods").select("id").where("code", "=", "retrait").executeTakeFirstOrThrow()
    ).id;
    // What a Dutch-speaking shopper in Ghent finds with it, nearest first.
    const found = async () =>
      (
        await (
          await apiClient().call("POST", "/shipping/static/getpickuppoints", {
            CountryCode: "BE",
            PostalCode: "9000",
            City: "",
            Address: "",
            CultureName: "nl-BE",
            ShippingMethodId: methodId,
            SearchRadius: 20,
            MaximumListSize: 5,
          })
        ).json()
      ).PickupPointViewModels as { ConsigneeName: string; PickupPointType: string; StandardHoursOfOperation: string }[];
    const [nearest] = await found();
    expect(nearest).toMatchObject({ ConsigneeName: "Atelier Gand", PickupPointType: "Shop" });
    expect(nearest?.StandardHoursOfOperation).toBe("Dinsdag – zaterdag 10:00 – 12:30, 13:30 – 18:00;Zondag gesloten");

    // Inactive: no longer found.
    await call("PUT", "/admin/pickup/points/gand", { ...point, Active: false });
    // Sent again without coordinates at the same address: it stays where it was put.
    expect(await (await call("GET", "/admin/pickup/points/gand")).json()).toMatchObject({
      Latitude: 51.0545,
      Active: false,
    });
    expect((await found()).map((p) => p.ConsigneeName)).not.toContain("Atelier Gand");
  });

  it("refuses unreadable hours, a place it cannot locate, an unknown country and a change of a method's kind, in the caller's language, changing nothing", async () => {
    const point = {
      Name: "X",
      Street: "Rue 1",
      PostalCode: "1000",
      City: "Bruxelles",
      Country: "BE",
      Hours: "1-5 10:00-18:00",
    };
    const hours = await call("PUT", "/admin/pickup/points/bad?culture=de", { ...point, Hours: "Mo-Fr 10-18" });
    expect(hours.status).toBe(400);
    expect((await hours.json()).Errors.Hours[0]).toMatch(/^Unlesbare Öffnungszeiten/);
    expect((await call("PUT", "/admin/pickup/points/bad", { ...point, Hours: "5-1 10:00-18:00" })).status).toBe(400);
    expect((await call("PUT", "/admin/pickup/points/bad", { ...point, Hours: "1 25:00-26:00" })).status).toBe(400);
    const nowhere = await call("PUT", "/admin/pickup/points/bad?culture=nl", {
      ...point,
      PostalCode: "0000",
      City: "Nergens",
    });
    expect((await nowhere.json()).Errors.PostalCode[0]).toBe(
      "De postcode 0000 en de plaats Nergens zijn in dit land onbekend: geef de Latitude en de Longitude van het punt.",
    );
    expect((await call("PUT", "/admin/pickup/points/bad", { ...point, Country: "ZZ" })).status).toBe(400);
    expect((await call("PUT", "/admin/pickup/points/bad", { ...point, Latitude: 50.8 })).status).toBe(400);
    expect((await call("GET", "/admin/pickup/points/bad")).status).toBe(404);

    const home = await call("PUT", "/admin/shipping/methods/home?culture=fr", { Kind: "store", Names: {}, Rates: {} });
    expect((await home.json()).Errors.Kind[0]).toMatch(/^Un mode de livraison garde son genre/);
    const relay = await call("PUT", "/admin/shipping/methods/relay", { Names: {}, Rates: {} });
    expect(relay.status).toBe(400);
    expect(await (await call("GET", "/admin/shipping/methods/home")).json()).toMatchObject({ Kind: "home" });

    const reader = tokenCaller((await createApiToken("shop-reader", ["catalog:read"], "test")).token);
    expect((await reader("PUT", "/admin/pickup/points/bad", point)).status).toBe(403);
    expect((await reader("GET", "/admin/pickup/points")).status).toBe(200);
  });
});
