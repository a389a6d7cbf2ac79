import { describe, expect, it } from "vitest";
import { idFromSlug, slugify, slugWithId } from "./slug";

describe("slugs", () => {
  it("strips accents and punctuation", () => {
    expect(slugify("Écharpe Nora en cachemire")).toBe("echarpe-nora-en-cachemire");
    expect(slugify("Mütze aus Bio-Baumwolle, Größe")).toBe("mutze-aus-bio-baumwolle-grosse");
  });
  it("round-trips the id", () => {
    expect(idFromSlug(slugWithId("Camisola Alba", 42))).toBe(42);
    expect(idFromSlug("no-id-here")).toBeNull();
  });
});
