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

  it("translates, and shows the key itself when one is missing", () => {
    expect(translator("de")("Manager.Close")).toBe("Schließen");
    expect(translator("nl")("No.Such.Key")).toBe("No.Such.Key");
  });
});
