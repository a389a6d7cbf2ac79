import { describe, expect, it } from "vitest";
import { locationOf, parseLocation, searchOfLocation } from "./location";

describe("the location cookie (spec 001 section 3)", () => {
  it("keeps a typed place in the provider's shape and searches it again, in its own country only", () => {
    const saved = locationOf({ postCode: "2000", city: "Antwerpen", address: "", countryCode: "BE" });
    expect(saved).toMatchObject({
      formatted_address: "2000 Antwerpen",
      geometry: null,
      medium: "search",
      types: ["postal_code"],
      partial_match: false,
      place_id: null,
    });
    expect(saved.address_components.map((c) => c.types[0])).toEqual(["postal_code", "locality", "country"]);
    const read = parseLocation(encodeURIComponent(JSON.stringify(saved)));
    expect(read).toEqual(saved);
    expect(searchOfLocation(read as NonNullable<typeof read>, "BE")).toEqual({
      query: { postCode: "2000", city: "Antwerpen", address: "" },
    });
    expect(searchOfLocation(read as NonNullable<typeof read>, "NL")).toBeNull();
  });

  it("keeps the browser's position as geometry and searches from it again", () => {
    const saved = locationOf(
      { postCode: "", city: "", address: "", countryCode: "BE" },
      { latitude: 50.6412, longitude: 5.5718 },
    );
    expect(saved.geometry).toEqual({ location: { lat: 50.6412, lng: 5.5718 } });
    expect(searchOfLocation(saved, "BE")).toEqual({ position: { latitude: 50.6412, longitude: 5.5718 } });
  });

  it("reads back nothing from a cookie that is not one: hostile or broken values are dropped", () => {
    expect(parseLocation(undefined)).toBeNull();
    expect(parseLocation("%7Bnot json")).toBeNull();
    expect(parseLocation(encodeURIComponent(JSON.stringify({ medium: "search" })))).toBeNull();
    const saved = locationOf({ postCode: "1000", city: "", address: "", countryCode: "BE" });
    const hostile = { ...saved, geometry: { location: { lat: 500, lng: "x" } }, place_id: 7, types: ["<b>", 3] };
    expect(parseLocation(encodeURIComponent(JSON.stringify(hostile)))).toMatchObject({
      geometry: null,
      place_id: null,
      types: ["<b>"],
    });
    expect(parseLocation("x".repeat(5000))).toBeNull();
  });
});
