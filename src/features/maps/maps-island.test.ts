import { describe, expect, it } from "vitest";
import { mapIsland } from "./Maps.island";

describe("the map island's marker icons (spec 001 map config)", () => {
  const base = { title: "Vitrine", markers: [{ lat: 50.85, lng: 4.35, title: "Bruxelles" }] };

  it("takes an icon for every marker or a marker's own, as an image of this site", () => {
    const parsed = mapIsland.props.parse({
      ...base,
      icon: "/assets/pin.svg",
      markers: [{ lat: 50.85, lng: 4.35, title: "Bruxelles", icon: "/assets/shop.png" }],
    });
    expect(parsed.icon).toBe("/assets/pin.svg");
    expect(parsed.markers[0]?.icon).toBe("/assets/shop.png");
  });

  it("refuses an icon from another site or written to look like a path", () => {
    for (const icon of [
      "https://evil.example/pin.png",
      "//evil.example/pin.png",
      "/\\evil.example/pin.png",
      "javascript:alert(1)",
    ]) {
      expect(mapIsland.props.safeParse({ ...base, icon }).success, icon).toBe(false);
      expect(
        mapIsland.props.safeParse({ ...base, markers: [{ ...base.markers[0], icon }] }).success,
        `marker ${icon}`,
      ).toBe(false);
    }
  });
});
