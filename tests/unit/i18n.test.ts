import { describe, expect, it } from "vitest";
import { CULTURES } from "../../src/lib/culture";
import { keyPaths, RESOURCES, translator } from "../../src/lib/i18n";
import { ERROR_CATALOGUE } from "../../src/server/http/errors";

describe("translations", () => {
  const reference = new Set(CULTURES.flatMap((c) => keyPaths(RESOURCES[c])));

  it.each(CULTURES)("%s has every key, none empty", (culture) => {
    const keys = keyPaths(RESOURCES[culture]);
    const missing = [...reference].filter((k) => !keys.includes(k));
    expect(missing).toEqual([]);
    const t = translator(culture);
    for (const key of keys) expect(t(key).trim()).not.toBe("");
  });

  it.each(CULTURES)("%s has the message of every API error code of the catalogue", (culture) => {
    const keys = new Set(keyPaths(RESOURCES[culture]));
    const missing = Object.entries(ERROR_CATALOGUE)
      .filter(([, entry]) => !keys.has(entry.messageKey))
      .map(([code]) => code);
    expect(missing).toEqual([]);
  });

  it("carries the spec's key names", () => {
    for (const key of [
      "Manager.UnknowsErrors",
      "Catalog.NoProductFound",
      "Catalog.ListProductFound",
      "Catalog.UnavailableProductVariant",
      "Core.Error",
    ]) {
      expect(reference.has(key)).toBe(true);
    }
  });

  it("fills values the same way when it answers a remembered translation", () => {
    const t = translator("fr");
    for (let round = 0; round < 2; round++) {
      expect(t("Catalog.PageOf", { page: 2, total: 5 })).toBe("Page 2 sur 5");
      expect(t("Catalog.PageOf", { page: 3, total: 5 })).toBe("Page 3 sur 5");
      expect(t("Catalog.SearchResultsFor", { q: "robe" })).toBe("Résultats pour « robe »");
      expect(translator("nl")("Catalog.PageOf", { page: 2, total: 5 })).not.toBe("Page 2 sur 5");
    }
    // Values that are not plain (an object inside) go to i18next every time, and still translate.
    expect(t("Catalog.SearchResultsFor", { q: "robe", nested: { x: 1 } })).toBe("Résultats pour « robe »");
  });

  it("counts products in each culture's plural: one product, several, and a million", () => {
    const found = (culture: (typeof CULTURES)[number], count: number) =>
      translator(culture)("Catalog.ListProductFound", { count });
    expect(found("fr", 1)).toBe("1 produit trouvé");
    expect(found("fr", 2)).toBe("2 produits trouvés");
    // CLDR's "many" (French, Spanish, Italian, Portuguese millions) takes the plural.
    expect(found("fr", 1_000_000)).toBe("1000000 produits trouvés");
    expect(found("nl", 1)).toBe("1 product gevonden");
    expect(found("de", 1)).toBe("1 Produkt gefunden");
    expect(found("de", 0)).toBe("0 Produkte gefunden");
    for (const culture of CULTURES) expect(found(culture, 1)).not.toBe(found(culture, 2).replace("2", "1"));
  });

  it("translates, and shows the key itself when one is missing", () => {
    expect(translator("de")("Manager.Close")).toBe("Schließen");
    expect(translator("nl")("No.Such.Key")).toBe("No.Such.Key");
  });
});
