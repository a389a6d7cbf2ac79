import { describe, expect, it } from "vitest";
import { pickCulture, replaceCultureSegment, requestCulture } from "./culture";

describe("pickCulture", () => {
  it("takes the best supported language by quality, region subtags included", () => {
    expect(pickCulture("en-US,en;q=0.9,nl-NL;q=0.8,de;q=0.7", "fr")).toBe("nl");
    expect(pickCulture("de;q=0.4, it;q=0.9", "fr")).toBe("it");
    expect(pickCulture("pt-BR", "fr")).toBe("pt");
  });
  it("falls back to the default when nothing matches or the header is junk", () => {
    expect(pickCulture("en-GB,ja", "nl")).toBe("nl");
    expect(pickCulture("", "es")).toBe("es");
    expect(pickCulture(";;;,q=abc", "de")).toBe("de");
    expect(pickCulture("nl;q=0", "fr")).toBe("fr");
  });
});

describe("replaceCultureSegment", () => {
  it("swaps only the first segment", () => {
    expect(replaceCultureSegment("/fr/c/pulls", "nl")).toBe("/nl/c/pulls");
    expect(replaceCultureSegment("/fr/", "de")).toBe("/de/");
    expect(replaceCultureSegment("/dev/islands", "it")).toBe("/it/dev/islands");
  });
});

describe("requestCulture, shared by pages and the API", () => {
  it("takes the culture asked for when it is ours, else Accept-Language, else the fallback", () => {
    expect(requestCulture("nl", "de-DE,de;q=0.9", "fr")).toBe("nl");
    expect(requestCulture("en", "de-DE,de;q=0.9", "fr")).toBe("de");
    expect(requestCulture(undefined, "en-GB", "fr")).toBe("fr");
    expect(requestCulture(null, null, "pt")).toBe("pt");
  });
});
