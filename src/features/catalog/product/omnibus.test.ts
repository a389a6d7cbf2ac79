import { describe, expect, it } from "vitest";
import { omnibusReference } from "../catalog";

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString();
const now = new Date(Date.UTC(2026, 1, 15));

describe("Omnibus reference price", () => {
  it("is null without a reduction", () => {
    expect(omnibusReference([{ amountTaxExcl: 1000, validFrom: day(0) }], now)).toBeNull();
    expect(
      omnibusReference(
        [
          { amountTaxExcl: 1000, validFrom: day(0) },
          { amountTaxExcl: 1200, validFrom: day(20) },
        ],
        now,
      ),
    ).toBeNull();
  });
  it("is the price before the reduction when it held the whole window", () => {
    expect(
      omnibusReference(
        [
          { amountTaxExcl: 1000, validFrom: day(0) },
          { amountTaxExcl: 800, validFrom: day(40) },
        ],
        now,
      ),
    ).toBe(1000);
  });
  it("is the lowest price of the 30 days before the reduction", () => {
    const history = [
      { amountTaxExcl: 1000, validFrom: day(0) },
      { amountTaxExcl: 900, validFrom: day(20) }, // 25 days before the reduction
      { amountTaxExcl: 1100, validFrom: day(30) },
      { amountTaxExcl: 850, validFrom: day(45) },
    ];
    expect(omnibusReference(history, now)).toBe(900);
  });
  it("ignores prices older than the window", () => {
    const history = [
      { amountTaxExcl: 700, validFrom: day(0) },
      { amountTaxExcl: 1000, validFrom: day(5) },
      { amountTaxExcl: 800, validFrom: day(45) },
    ];
    expect(omnibusReference(history, now)).toBe(1000);
  });
  it("ignores changes planned after now", () => {
    expect(
      omnibusReference(
        [
          { amountTaxExcl: 1000, validFrom: day(0) },
          { amountTaxExcl: 800, validFrom: day(400) },
        ],
        now,
      ),
    ).toBeNull();
  });
});
