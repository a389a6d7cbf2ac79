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

  it("translates, and shows the key itself when one is missing", () => {
    expect(translator("de")("Manager.Close")).toBe("Schließen");
    expect(translator("nl")("No.Such.Key")).toBe("No.Such.Key");
  });
});
