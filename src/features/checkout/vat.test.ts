import { describe, expect, it } from "vitest";
import { normaliseVatNumber, reverseChargeApplies, vatChangeReloads, vatNumberLooksValid } from "./vat";

describe("VAT numbers", () => {
  it("normalises spaces, dots and a missing country prefix", () => {
    expect(normaliseVatNumber("BE", "0403.019.261")).toBe("BE0403019261");
    expect(normaliseVatNumber("NL", "nl 0044 95445 b01")).toBe("NL004495445B01");
  });
  it("checks format and checksum for the given country", () => {
    expect(vatNumberLooksValid("BE", "BE0403019261")).toBe(true);
    expect(vatNumberLooksValid("BE", "BE0403019262")).toBe(false);
    expect(vatNumberLooksValid("NL", "BE0403019261")).toBe(false);
    expect(vatNumberLooksValid("DE", "DE136695976")).toBe(true);
  });
});

describe("reverse charge", () => {
  const de = { code: "DE", isEu: true };
  it("applies to a confirmed business number from another EU country only", () => {
    expect(reverseChargeApplies({ vatValid: true, billingCountry: de, shopCountry: "BE" })).toBe(true);
    expect(reverseChargeApplies({ vatValid: null, billingCountry: de, shopCountry: "BE" })).toBe(false);
    expect(reverseChargeApplies({ vatValid: false, billingCountry: de, shopCountry: "BE" })).toBe(false);
    expect(
      reverseChargeApplies({ vatValid: true, billingCountry: { code: "BE", isEu: true }, shopCountry: "BE" }),
    ).toBe(false);
    expect(
      reverseChargeApplies({ vatValid: true, billingCountry: { code: "CH", isEu: false }, shopCountry: "BE" }),
    ).toBe(false);
  });
  it("reloads the page when validity changes, except from false to unknown", () => {
    expect(vatChangeReloads(null, true)).toBe(true);
    expect(vatChangeReloads(true, false)).toBe(true);
    expect(vatChangeReloads(true, null)).toBe(true);
    expect(vatChangeReloads(false, null)).toBe(false);
    expect(vatChangeReloads(true, true)).toBe(false);
  });
});
