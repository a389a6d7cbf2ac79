import { describe, expect, it } from "vitest";
import { toSummary, unitPriceFor } from "./cart";

const tiers = [
  { minQuantity: 10, amountTaxExcl: 900 },
  { minQuantity: 1, amountTaxExcl: 1000 },
  { minQuantity: 3, amountTaxExcl: 950 },
];

describe("degressive prices", () => {
  it("uses the highest tier the quantity reaches", () => {
    expect(unitPriceFor(tiers, 1)).toBe(1000);
    expect(unitPriceFor(tiers, 2)).toBe(1000);
    expect(unitPriceFor(tiers, 3)).toBe(950);
    expect(unitPriceFor(tiers, 12)).toBe(900);
  });
  it("refuses a variant without price", () => {
    expect(() => unitPriceFor([], 1)).toThrow();
  });
});

describe("cart summary", () => {
  it("formats per culture at the edge", () => {
    const summary = toSummary({ itemsCount: 2, amountTaxExcl: 123456, amountTaxIncl: 149382 }, "fr");
    expect(summary.ItemsCount).toBe(2);
    expect(summary.AmountTaxInclHtml.replace(/\s/g, " ")).toBe("1 493,82 €");
    expect(
      toSummary({ itemsCount: 0, amountTaxExcl: 0, amountTaxIncl: 0 }, "nl").AmountTaxInclHtml.replace(/\s/g, " "),
    ).toBe("€ 0,00");
  });
});
