import { describe, expect, it } from "vitest";
import { type CouponRule, orderTotals, type TotalsLine } from "./totals";

const shirt: TotalsLine = { quantity: 3, unitTaxExcl: 950, vatRateBasisPoints: 2100, categoryId: 1, brandId: 1 };
const book: TotalsLine = { quantity: 1, unitTaxExcl: 1999, vatRateBasisPoints: 600, categoryId: 2, brandId: 2 };
const shipping = { amountTaxExcl: 495, freeFromTaxIncl: 7500, vatRateBasisPoints: 2100 };
const percent = (value: number, scope: Partial<CouponRule> = {}): CouponRule => ({
  kind: "percent",
  value,
  minAmountTaxIncl: 0,
  categoryId: null,
  brandId: null,
  ...scope,
});

describe("order totals", () => {
  it("adds up a line as the shopper reads it: its unit price tax included times its quantity, at every rate", () => {
    // 16.50 + 21 % is 19.965 -> 19.97: two of them are 39.94 (rounding the line's VAT gave 39.93).
    const two = orderTotals({
      lines: [{ ...shirt, quantity: 2, unitTaxExcl: 1650 }],
      coupon: null,
      shipping: null,
      reverseCharge: false,
    });
    expect(two.itemsTaxIncl).toBe(3994);
    expect(two.totalTaxIncl).toBe(3994);
    expect(two.vat).toBe(3994 - 3300);
    for (const rate of [0, 300, 550, 600, 900, 1000, 1300, 1700, 1900, 2000, 2100, 2200, 2300, 2500, 2700])
      for (const quantity of [1, 2, 3, 7, 12, 99])
        for (const unitTaxExcl of [1, 99, 1650, 1997, 2499, 12345]) {
          const line = { ...shirt, quantity, unitTaxExcl, vatRateBasisPoints: rate };
          const totals = orderTotals({ lines: [line, book], coupon: null, shipping: null, reverseCharge: false });
          const unitIncl = unitTaxExcl + Math.round((unitTaxExcl * rate) / 10000);
          expect(totals.itemsTaxIncl, `${quantity} × ${unitTaxExcl} at ${rate}`).toBe(unitIncl * quantity + 2119);
          expect(totals.totalTaxIncl).toBe(totals.totalTaxExcl + totals.vat);
        }
  });

  it("adds VAT per line, rounded to the cent, and shipping with its own VAT", () => {
    const totals = orderTotals({ lines: [shirt, book], coupon: null, shipping, reverseCharge: false });
    // 9.50 is 11.495 -> 11.50 tax included, and 3 of them 34.50 (VAT 6.00, the rest of the line);
    // 19.99 VAT 1.1994 -> 1.20; shipping 4.95 VAT 1.0395 -> 1.04
    expect(totals.itemsTaxExcl).toBe(4849);
    expect(totals.itemsTaxIncl).toBe(3450 + 2119);
    expect(totals.shippingTaxIncl).toBe(495 + 104);
    expect(totals.vat).toBe(600 + 120 + 104);
    expect(totals.totalTaxIncl).toBe(3450 + 2119 + 495 + 104);
  });

  it("ships for free from the threshold, counted after the discount", () => {
    const big = { ...shirt, quantity: 7 }; // 66.50 excl, 80.47 incl
    expect(orderTotals({ lines: [big], coupon: null, shipping, reverseCharge: false }).shippingTaxExcl).toBe(0);
    const discounted = orderTotals({ lines: [big], coupon: percent(1000), shipping, reverseCharge: false });
    expect(discounted.shippingTaxExcl).toBe(495);
  });

  it("takes a percentage off the lines the coupon covers only", () => {
    const totals = orderTotals({
      lines: [shirt, book],
      coupon: percent(1000, { brandId: 1 }),
      shipping: null,
      reverseCharge: false,
    });
    expect(totals.discountTaxExcl).toBe(285);
    // The shirts' VAT (6.00 in 34.50) less the discount's own (0.60 on 2.85).
    expect(totals.discountTaxIncl).toBe(285 + 60);
    expect(totals.vat).toBe(600 - 60 + 120);
    expect(totals.totalTaxIncl).toBe(3450 + 2119 - 345);
    expect(totals.couponApplies).toBe(true);
  });

  it("spreads a fixed amount over the covered lines and never below zero", () => {
    const fiveEuros: CouponRule = { ...percent(0), kind: "amount", value: 500 };
    const totals = orderTotals({ lines: [shirt], coupon: fiveEuros, shipping: null, reverseCharge: false });
    expect(totals.itemsTaxIncl - totals.discountTaxIncl).toBeGreaterThanOrEqual(totals.itemsTaxIncl - 501);
    expect(totals.itemsTaxIncl - totals.discountTaxIncl).toBeLessThanOrEqual(totals.itemsTaxIncl - 499);
    const huge: CouponRule = { ...fiveEuros, value: 1_000_000 };
    expect(orderTotals({ lines: [shirt], coupon: huge, shipping: null, reverseCharge: false }).totalTaxIncl).toBe(0);
  });

  it("ignores a coupon whose minimum is not reached", () => {
    const totals = orderTotals({
      lines: [book],
      coupon: percent(1000, { minAmountTaxIncl: 5000 }),
      shipping: null,
      reverseCharge: false,
    });
    expect(totals.discountTaxExcl).toBe(0);
    expect(totals.couponApplies).toBe(false);
  });

  it("charges no VAT under reverse charge, on goods and shipping", () => {
    const totals = orderTotals({ lines: [shirt, book], coupon: null, shipping, reverseCharge: true });
    expect(totals.vat).toBe(0);
    expect(totals.totalTaxIncl).toBe(totals.totalTaxExcl);
  });

  describe("prepaid credit is money, not merchandise", () => {
    // 100 € of credit, with a (wrong) VAT rate and category of a covered product: neither may matter.
    const credit: TotalsLine = { ...shirt, quantity: 100, unitTaxExcl: 100, credit: true };
    const fiveEuros: CouponRule = { ...percent(0), kind: "amount", value: 500 };

    it("is covered by no coupon, percentage or amount, alone or beside goods", () => {
      for (const coupon of [percent(1000), fiveEuros]) {
        const alone = orderTotals({ lines: [credit], coupon, shipping, reverseCharge: false });
        expect(alone.discountTaxExcl).toBe(0);
        expect(alone.couponApplies).toBe(false);
        expect(alone.totalTaxIncl).toBe(10_000);
        const mixed = orderTotals({ lines: [credit, shirt], coupon, shipping: null, reverseCharge: false });
        const shirtOnly = orderTotals({ lines: [shirt], coupon, shipping: null, reverseCharge: false });
        expect(mixed.discountTaxExcl).toBe(shirtOnly.discountTaxExcl);
        expect(mixed.totalTaxIncl).toBe(shirtOnly.totalTaxIncl + 10_000);
      }
    });

    it("bears no VAT and counts toward no coupon minimum and no free-shipping threshold", () => {
      const withBook = orderTotals({
        lines: [credit, book],
        coupon: percent(1000, { minAmountTaxIncl: 5000 }),
        shipping,
        reverseCharge: false,
      });
      expect(withBook.discountTaxExcl).toBe(0);
      expect(withBook.couponApplies).toBe(false);
      expect(withBook.shippingTaxExcl).toBe(495);
      expect(withBook.vat).toBe(120 + 104);
      expect(withBook.merchandiseTaxIncl).toBe(1999 + 120);
    });

    it("is not shipped", () => {
      expect(orderTotals({ lines: [credit], coupon: null, shipping, reverseCharge: false }).shippingTaxExcl).toBe(0);
    });
  });
});
