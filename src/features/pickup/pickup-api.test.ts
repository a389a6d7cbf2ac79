import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../../../tests/support/api";
import { simpleVariant } from "../../../tests/support/checkout";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { db } from "../../server/db/client";
import { distanceKm, nearest } from "./pickup";

describe("pickup point rules", () => {
  it("measures distances and keeps the nearest within the radius, at most the list size", () => {
    expect(distanceKm({ lat: 50.8503, lon: 4.3517 }, { lat: 51.2194, lon: 4.4025 })).toBeCloseTo(41.3, 0);
    const points = [
      { PublicAccessPointID: "c", Distance: 3 },
      { PublicAccessPointID: "a", Distance: 1 },
      { PublicAccessPointID: "far", Distance: 30 },
      { PublicAccessPointID: "b", Distance: 1 },
    ];
    expect(nearest(points, 15, 10).map((p) => p.PublicAccessPointID)).toEqual(["a", "b", "c"]);
    expect(nearest(points, 15, 2).map((p) => p.PublicAccessPointID)).toEqual(["a", "b"]);
  });
});

describe.each(DIALECTS)("pickup points API on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 20 });
  });
  afterAll(async () => {
    await database.close();
  });

  const search = (carrier: string, body: Record<string, unknown>) =>
    apiClient().call("POST", `/shipping/${carrier}/getpickuppoints`, {
      CountryCode: "BE",
      City: "",
      Address: "",
      CultureName: "fr-BE",
      ...body,
    });

  it("lists our shops nearest first, each with every field, within the radius", async () => {
    const response = await search("static", {
      PostalCode: "1000",
      ShippingMethodId: 3,
      SearchRadius: 60,
      MaximumListSize: 10,
    });
    const body = await response.json();
    expect(body.ResponseStatusDescription).toBe("Success");
    const points = body.PickupPointViewModels;
    expect(points[0]).toMatchObject({
      ConsigneeName: "Vitrine Bruxelles",
      PickupPointId: expect.any(Number),
      PickupPointType: "Shop",
    });
    for (const key of [
      "PublicAccessPointID",
      "Address",
      "PostCode",
      "City",
      "CountryId",
      "PhoneNumber",
      "Distance",
      "Geocode",
      "ImageURL",
      "Comments",
      "StandardHoursOfOperation",
      "Informations",
      "LatestAirDropOffTime",
      "AdditionalChargeIndicator",
      "SpecialInstructions",
      "AdditionalComments",
    ])
      expect(points[0]).toHaveProperty(key);
    const distances = points.map((p: { Distance: number }) => p.Distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(60);
    // Antwerpen and Gent lie within 60 km of Brussels; Liège is about 90 km away.
    expect(points.map((p: { City: string }) => p.City)).not.toContain("Liège");
  });

  it("gives the opening hours in the language of CultureName, else of the request", async () => {
    const ask = async (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      (
        await (
          await apiClient().call(
            "POST",
            "/shipping/static/getpickuppoints",
            {
              CountryCode: "BE",
              PostalCode: "1000",
              ShippingMethodId: 3,
              SearchRadius: 60,
              MaximumListSize: 1,
              ...body,
            },
            headers,
          )
        ).json()
      ).PickupPointViewModels[0].StandardHoursOfOperation;
    expect(await ask({ CultureName: "nl-BE" })).toBe(
      "Maandag – vrijdag 10:00 – 18:30;Zaterdag 10:00 – 18:00;Zondag gesloten",
    );
    expect(await ask({ CultureName: "fr-BE" })).toBe(
      "Lundi – vendredi 10:00 – 18:30;Samedi 10:00 – 18:00;Dimanche fermé",
    );
    expect(await ask({}, { "X-Culture": "de" })).toMatch(/^Montag – Freitag .*;Sonntag geschlossen$/);
  });

  it("generates relays around postal codes, honours MaximumListSize, and reports an unknown place", async () => {
    const body = await (
      await search("demo", { PostalCode: "9000", ShippingMethodId: 2, SearchRadius: 5, MaximumListSize: 4 })
    ).json();
    expect(body.PickupPointViewModels).toHaveLength(4);
    expect(
      body.PickupPointViewModels.every(
        (p: { PickupPointId: null; Distance: number }) => p.PickupPointId === null && p.Distance <= 5,
      ),
    ).toBe(true);
    const again = await (
      await search("demo", { PostalCode: "9000", ShippingMethodId: 2, SearchRadius: 5, MaximumListSize: 4 })
    ).json();
    expect(again).toEqual(body);
    const unknown = await (await search("demo", { PostalCode: "0000", ShippingMethodId: 2 })).json();
    expect(unknown).toEqual({ ResponseStatusDescription: "AddressNotFound", PickupPointViewModels: [] });
    expect((await search("demo", { PostalCode: "9000", ShippingMethodId: 3 })).status).toBe(422);
    expect((await search("nope", { PostalCode: "9000", ShippingMethodId: 2 })).status).toBe(404);
  });

  it("saves a chosen point on the shopper's cart, and refuses a shop that does not exist", async () => {
    const client = apiClient();
    await client.call("POST", "/catalog/products/addtocart", {
      ProductVariantId: (await simpleVariant(1)).id,
      Quantity: 1,
    });
    const shop = await db().selectFrom("pickup_points").select(["id", "name"]).orderBy("id").executeTakeFirstOrThrow();
    const payload = {
      ShippingFirstName: "Anne",
      ShippingLastName: "Martin",
      ShippingMethodId: 3,
      PickupPointName: shop.name,
      ShippingStreet1: "Rue Neuve 45",
      ShippingPostalCode: "1000",
      ShippingCity: "Bruxelles",
      ShippingCountryId: 1,
      ExternalPickupPointRef: `SHOP-${shop.id}`,
      PickupPointId: shop.id,
    };
    expect(
      (await client.call("POST", "/shoppingcarts/externalpickuppoint", { ...payload, PickupPointId: 99999 })).status,
    ).toBe(404);
    expect(await (await client.call("POST", "/shoppingcarts/externalpickuppoint", payload)).json()).toBe(true);
    const cart = await db()
      .selectFrom("carts")
      .select(["shipping_method_id", "pickup_point"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(cart.shipping_method_id).toBe(3);
    expect(JSON.parse(cart.pickup_point ?? "{}").PickupPointName).toBe(shop.name);
  });
});
