import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/server/config/env";
import { db } from "~/server/db/client";
import { apiClient } from "../../../tests/support/api";
import { simpleVariant } from "../../../tests/support/checkout";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { distanceKm, filterByAddress, nearest } from "./pickup";
import { pickupPointView, placeOfSuggestion, savedPointFields } from "./pickup-point";

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

describe("the address field's rules", () => {
  const point = (name: string, street: string, postCode = "1000", city = "Bruxelles") => ({
    ConsigneeName: name,
    Address: street,
    PostCode: postCode,
    City: city,
  });
  it("filters by every word, accents and case ignored; blank keeps every point", () => {
    const points = [
      point("Librairie Bruxelles", "Rue Neuve 12"),
      point("Pharmacie Bruxelles", "Place Sainte-Catherine 3"),
      point("Fleuriste Liège", "Rue Neuve 9", "4000", "Liège"),
    ];
    expect(filterByAddress(points, "rue neuve").map((p) => p.ConsigneeName)).toEqual([
      "Librairie Bruxelles",
      "Fleuriste Liège",
    ]);
    expect(filterByAddress(points, "SAINTE catherine")).toHaveLength(1);
    expect(filterByAddress(points, "liege, neuve").map((p) => p.ConsigneeName)).toEqual(["Fleuriste Liège"]);
    expect(filterByAddress(points, "  ")).toHaveLength(3);
    expect(filterByAddress(points, "Gent")).toEqual([]);
  });

  it("reads a suggestion back only when it is one the server made", () => {
    const places = { "1000": "Bruxelles", "1050": "Ixelles / Elsene" };
    expect(placeOfSuggestion("1000 Bruxelles", places)).toEqual({ postCode: "1000", city: "Bruxelles" });
    expect(placeOfSuggestion("1050 Elsene", places)).toEqual({ postCode: "1050", city: "Elsene" });
    expect(placeOfSuggestion("1000 Gent", places)).toBeNull();
    expect(placeOfSuggestion("Rue Neuve 12", places)).toBeNull();
    expect(placeOfSuggestion("1000", places)).toBeNull();
  });

  it("posts a found point with the billing names, and PickupPointId only for our shops", () => {
    const found = pickupPointView({
      PublicAccessPointID: "DEMO-1000-1",
      ConsigneeName: "Librairie Bruxelles",
      Address: "Rue 12",
      PostCode: "1000",
      City: "Bruxelles",
      CountryId: 1,
      Distance: 1.25,
      Geocode: { Latitude: 50.85, Longitude: 4.35 },
      LatestAirDropOffTime: "17:00",
      PickupPointType: "Relay",
      PickupPointId: null,
    });
    const fields = savedPointFields(found, 2, { first: "Anne", last: "Martin" });
    expect(fields).toMatchObject({
      ShippingFirstName: "Anne",
      ShippingLastName: "Martin",
      ShippingMethodId: "2",
      PickupPointName: "Librairie Bruxelles",
      ExternalPickupPointRef: "DEMO-1000-1",
      Distance: "1.25",
      AdditionalChargeIndicator: "false",
    });
    expect(fields).not.toHaveProperty("PickupPointId");
    expect(savedPointFields({ ...found, PickupPointId: 4 }, 3, { first: "", last: "" }).PickupPointId).toBe("4");
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

  it("searches from the shopper's own position when the browser gives it (near me), both coordinates or neither", async () => {
    // Liège's centre, whatever the postal code says (Brussels): the Liège shop comes first.
    const response = await search("static", {
      PostalCode: "1000",
      ShippingMethodId: 3,
      SearchRadius: 60,
      MaximumListSize: 10,
      Latitude: 50.6412,
      Longitude: 5.5718,
    });
    const body = await response.json();
    expect(body.ResponseStatusDescription).toBe("Success");
    expect(body.PickupPointViewModels[0].City).toBe("Liège");
    expect(body.PickupPointViewModels[0].Distance).toBeLessThan(5);
    const half = await search("static", { PostalCode: "1000", ShippingMethodId: 3, Latitude: 50.64 });
    expect(half.status).toBe(400);
    expect(Object.keys((await half.json()).Errors)).toEqual(["Longitude"]);
    expect((await search("static", { ShippingMethodId: 3, Latitude: 91, Longitude: 5 })).status).toBe(400);
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

  it("filters the relays around the postal code by the address when no geocoder is configured", async () => {
    const all = await (await search("demo", { PostalCode: "1000", ShippingMethodId: 2, MaximumListSize: 50 })).json();
    const names: string[] = all.PickupPointViewModels.map((p: { ConsigneeName: string }) => p.ConsigneeName);
    expect(names.some((n) => !n.startsWith("Librairie"))).toBe(true);
    const filtered = await (
      await search("demo", { PostalCode: "1000", Address: "librairie", ShippingMethodId: 2, MaximumListSize: 50 })
    ).json();
    expect(filtered.ResponseStatusDescription).toBe("Success");
    expect(filtered.PickupPointViewModels.length).toBeGreaterThan(0);
    expect(
      filtered.PickupPointViewModels.every((p: { ConsigneeName: string }) => p.ConsigneeName.startsWith("Librairie")),
    ).toBe(true);
  });

  describe("with a street-level geocoder", () => {
    let geocoder: Server;
    const asked: URLSearchParams[] = [];
    let reply: (query: URLSearchParams) => { status: number; body: unknown; delay?: number } = () => ({
      status: 200,
      body: [],
    });
    beforeAll(async () => {
      geocoder = createServer((request, response) => {
        const query = new URL(request.url ?? "/", "http://x").searchParams;
        asked.push(query);
        const { status, body, delay = 0 } = reply(query);
        setTimeout(() => {
          response.writeHead(status, { "Content-Type": "application/json" });
          response.end(JSON.stringify(body));
        }, delay);
      });
      await new Promise<void>((resolve) => geocoder.listen(0, "127.0.0.1", resolve));
      process.env.GEOCODER_URL = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`;
      process.env.GEOCODER_TIMEOUT_MS = "300";
      resetEnvForTests();
    });
    afterEach(() => {
      asked.length = 0;
    });
    afterAll(async () => {
      delete process.env.GEOCODER_URL;
      delete process.env.GEOCODER_TIMEOUT_MS;
      resetEnvForTests();
      geocoder.closeAllConnections();
      await new Promise((resolve) => geocoder.close(resolve));
    });

    it("searches around the street it locates, asked with a structured query", async () => {
      // The street is in Antwerp: our Antwerp shop comes first although the postal code is Brussels'.
      reply = () => ({ status: 200, body: [{ lat: "51.2180", lon: "4.4100", display_name: "Meir, Antwerpen" }] });
      const body = await (
        await search("static", { PostalCode: "1000", Address: "Meir 78", ShippingMethodId: 3, SearchRadius: 5 })
      ).json();
      expect(body.PickupPointViewModels.map((p: { City: string }) => p.City)).toEqual(["Antwerpen"]);
      expect(asked).toHaveLength(1);
      expect(Object.fromEntries(asked[0] ?? [])).toMatchObject({
        street: "Meir 78",
        postalcode: "1000",
        countrycodes: "be",
        format: "jsonv2",
      });
    });

    it("falls back to the postal code when the geocoder finds nothing, fails or is slow, and is not asked without a street", async () => {
      const around = async () =>
        (
          await (
            await search("static", { PostalCode: "1000", Address: "Rue Neuve", ShippingMethodId: 3, SearchRadius: 5 })
          ).json()
        ).PickupPointViewModels.map((p: { City: string }) => p.City);
      reply = () => ({ status: 200, body: [] });
      // Not located: the address filters the shops around Brussels (Vitrine Bruxelles is Rue Neuve 45).
      expect(await around()).toEqual(["Bruxelles"]);
      reply = () => ({ status: 503, body: { error: "down" } });
      expect(await around()).toEqual(["Bruxelles"]);
      reply = () => ({ status: 200, body: [{ lat: "51.2180", lon: "4.4100" }], delay: 1000 });
      expect(await around()).toEqual(["Bruxelles"]);
      reply = () => ({ status: 200, body: [{ lat: "not a number", lon: "4.41" }] });
      expect(await around()).toEqual(["Bruxelles"]);
      const before = asked.length;
      await search("static", { PostalCode: "1000", ShippingMethodId: 3, SearchRadius: 5 });
      expect(asked).toHaveLength(before);
    });
  });
});
