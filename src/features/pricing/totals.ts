import { type Cents, lineTaxIncl, vatAmount } from "~/lib/money";

export interface PriceTier {
  minQuantity: number;
  amountTaxExcl: Cents;
}

/** The unit price for a quantity: the tier with the highest minimum the quantity reaches (degressive prices). */
export function unitPriceFor(tiers: readonly PriceTier[], quantity: number): Cents {
  if (tiers.length === 0) throw new Error("a variant without a price cannot be sold");
  const sorted = [...tiers].sort((a, b) => a.minQuantity - b.minQuantity);
  let price = (sorted[0] as PriceTier).amountTaxExcl;
  for (const tier of sorted) if (quantity >= tier.minQuantity) price = tier.amountTaxExcl;
  return price;
}

/**
 * The money rules of a cart and of the order it becomes, in one pure function so the cart page, the
 * checkout and the order placement can never disagree: line prices from the degressive tiers, a coupon
 * spread over the lines it applies to, shipping with its free-from threshold, VAT per line (none under
 * reverse charge). All amounts are cents; a line tax included is its unit price tax included (rounded
 * once) times its quantity, as the shopper reads it, and its VAT is the difference with its net.
 */
export interface TotalsLine {
  quantity: number;
  unitTaxExcl: Cents;
  vatRateBasisPoints: number;
  categoryId: number;
  brandId: number;
  /**
   * Prepaid credit: money, not merchandise (a multi-purpose voucher for VAT). No coupon covers it, it
   * counts toward no coupon minimum and no free-shipping threshold, and it bears no VAT.
   */
  credit?: boolean;
}

export interface CouponRule {
  kind: "percent" | "amount";
  /** Basis points for a percentage (1000 = 10 %), cents tax included for a fixed amount. */
  value: number;
  minAmountTaxIncl: Cents;
  categoryId: number | null;
  brandId: number | null;
}

export interface ShippingRate {
  amountTaxExcl: Cents;
  /** Free when the goods (discount deducted, tax included) reach this amount. */
  freeFromTaxIncl: Cents | null;
  vatRateBasisPoints: number;
}

export interface Totals {
  itemsCount: number;
  itemsTaxExcl: Cents;
  itemsTaxIncl: Cents;
  discountTaxExcl: Cents;
  discountTaxIncl: Cents;
  shippingTaxExcl: Cents;
  shippingTaxIncl: Cents;
  vat: Cents;
  totalTaxExcl: Cents;
  totalTaxIncl: Cents;
  /** The items that are merchandise (prepaid credit excluded), tax included, before any discount. */
  merchandiseTaxIncl: Cents;
  /** Whether the coupon's minimum and scope are met by these lines. */
  couponApplies: boolean;
}

export function couponCovers(coupon: CouponRule, line: TotalsLine): boolean {
  return (
    !line.credit &&
    (coupon.categoryId === null || coupon.categoryId === line.categoryId) &&
    (coupon.brandId === null || coupon.brandId === line.brandId)
  );
}

export function orderTotals(input: {
  lines: readonly TotalsLine[];
  coupon: CouponRule | null;
  shipping: ShippingRate | null;
  reverseCharge: boolean;
}): Totals {
  const rate = (bp: number) => (input.reverseCharge ? 0 : bp);
  const lineRate = (l: TotalsLine) => (l.credit ? 0 : rate(l.vatRateBasisPoints));
  const lineExcl = input.lines.map((l) => l.unitTaxExcl * l.quantity);
  // The shopper's line: the unit price tax included times the quantity (lib/money); its VAT is the rest.
  const lineIncl = input.lines.map((l) => lineTaxIncl(l.unitTaxExcl, l.quantity, lineRate(l)));
  const itemsTaxExcl = sum(lineExcl);
  const itemsTaxIncl = sum(lineIncl);
  // What the coupon minimum and the free-shipping threshold count: merchandise, never prepaid credit.
  const merchandiseTaxIncl = sum(lineIncl.filter((_, i) => !input.lines[i]?.credit));

  // The coupon's share of each line, tax excluded.
  const discounts = input.lines.map(() => 0);
  let couponApplies = false;
  const coupon = input.coupon;
  if (coupon && merchandiseTaxIncl >= coupon.minAmountTaxIncl) {
    const covered = input.lines.map((l) => couponCovers(coupon, l));
    couponApplies = covered.some(Boolean);
    if (coupon.kind === "percent") {
      input.lines.forEach((_, i) => {
        if (covered[i]) discounts[i] = Math.round(((lineExcl[i] ?? 0) * Math.min(coupon.value, 10000)) / 10000);
      });
    } else {
      const coveredIncl = sum(lineIncl.filter((_, i) => covered[i]));
      const share = coveredIncl > 0 ? Math.min(1, coupon.value / coveredIncl) : 0;
      input.lines.forEach((_, i) => {
        if (covered[i]) discounts[i] = Math.round((lineExcl[i] ?? 0) * share);
      });
    }
  }
  // A line's VAT is what its price tax included holds beyond the net; a discount takes its share off.
  let vat = 0;
  let discountTaxIncl = 0;
  input.lines.forEach((_, i) => {
    const discount = discounts[i] ?? 0;
    const excl = lineExcl[i] ?? 0;
    const lineVat = (lineIncl[i] ?? 0) - excl;
    // In proportion to the line's own VAT: a whole line taken off takes all of it.
    const discountVat = excl > 0 ? Math.round((lineVat * discount) / excl) : 0;
    vat += lineVat - discountVat;
    discountTaxIncl += discount + discountVat;
  });
  const discountTaxExcl = sum(discounts);
  const goodsTaxIncl = merchandiseTaxIncl - discountTaxIncl;

  let shippingTaxExcl = 0;
  let shippingVat = 0;
  if (input.shipping && input.lines.some((l) => !l.credit)) {
    const free = input.shipping.freeFromTaxIncl !== null && goodsTaxIncl >= input.shipping.freeFromTaxIncl;
    shippingTaxExcl = free ? 0 : input.shipping.amountTaxExcl;
    shippingVat = vatAmount(shippingTaxExcl, rate(input.shipping.vatRateBasisPoints));
  }
  vat += shippingVat;
  const totalTaxExcl = itemsTaxExcl - discountTaxExcl + shippingTaxExcl;
  return {
    itemsCount: sum(input.lines.map((l) => l.quantity)),
    itemsTaxExcl,
    itemsTaxIncl,
    discountTaxExcl,
    discountTaxIncl,
    shippingTaxExcl,
    shippingTaxIncl: shippingTaxExcl + shippingVat,
    vat,
    totalTaxExcl,
    totalTaxIncl: totalTaxExcl + vat,
    merchandiseTaxIncl,
    couponApplies,
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/**
 * Reverse charge (0 % VAT, the buyer accounts for it): a business whose VAT number the registry
 * confirmed, billed in another EU country than the shop's.
 */
export function reverseChargeApplies(input: {
  vatValid: boolean | null;
  billingCountry: { code: string; isEu: boolean } | null;
  shopCountry: string;
}): boolean {
  return (
    input.vatValid === true &&
    input.billingCountry !== null &&
    input.billingCountry.isEu &&
    input.billingCountry.code !== input.shopCountry
  );
}
