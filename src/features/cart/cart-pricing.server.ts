import type { Coupon, CouponProblem } from "~/features/coupons/coupons";
import { couponProblem } from "~/features/coupons/coupons";
import { couponById, couponUses } from "~/features/coupons/coupons.server";
import { PREPAID_UNIT_CENTS } from "~/features/prepaid/prepaid";
import { priceCountryCode, vatCountryCode } from "~/features/pricing/price-country.server";
import {
  type CountryRow,
  countryByCode,
  countryById,
  type ShippingMethodRow,
  shippingCountries,
  shippingMethodsFor,
  standardVatRate,
  vatRates,
} from "~/features/pricing/pricing.server";
import {
  couponCovers,
  orderTotals,
  reverseChargeApplies,
  type Totals,
  type TotalsLine,
} from "~/features/pricing/totals";
import type { Culture } from "~/lib/culture";
import { db, type Executor } from "~/server/db/client";
import { DEFAULT_SHIPPING_COUNTRY, unitPriceFor } from "./cart";
import type { CartRow, DetailedLineRow } from "./cart-detail.repository";

export interface PricedCart {
  lines: (DetailedLineRow & { unitTaxExcl: number; vatRateBasisPoints: number })[];
  /** The lines as the money rules see them (prepaid credit marked). */
  totalsLines: TotalsLine[];
  totals: Totals;
  shippingCountry: CountryRow;
  billingCountry: CountryRow;
  countries: CountryRow[];
  shippingMethods: ShippingMethodRow[];
  shippingMethod: ShippingMethodRow | null;
  coupon: Coupon | null;
  couponProblem: CouponProblem | null;
  reverseCharge: boolean;
  /** The shipping country's standard VAT rate (0 under reverse charge): shipping is taxed at it. */
  shippingVatRate: number;
}

/**
 * Prices a cart with the server's data only: the shipping country's VAT, the chosen (or first offered)
 * shipping method, the coupon checked against its rules, reverse charge for a confirmed EU business.
 * Used by the cart page, the mini-cart, the checkout and, inside its transaction, the order placement.
 */
export async function priceCart(
  cart: CartRow | undefined,
  lines: DetailedLineRow[],
  culture: Culture,
  shopper: { customerId: number | null; email: string | null },
  now = new Date(),
): Promise<PricedCart> {
  const countries = await shippingCountries();
  // Before a shipping country is chosen on the cart: the shopper's current country (else the shop's).
  const home =
    (await countryByCode(db(), priceCountryCode())) ??
    (await countryByCode(db(), DEFAULT_SHIPPING_COUNTRY)) ??
    (countries[0] as CountryRow);
  const shippingCountry = (cart?.shipping_country_id && (await countryById(db(), cart.shipping_country_id))) || home;
  const billingCountry =
    (cart?.billing_country_id && (await countryById(db(), cart.billing_country_id))) || shippingCountry;
  // Without the One-Stop Shop, an EU consumer pays the shop's own country's VAT (vatCountryCode).
  const vatCountry = (await countryByCode(db(), vatCountryCode(shippingCountry))) ?? shippingCountry;
  const [rates, methods, shippingRate] = await Promise.all([
    vatRates(db(), vatCountry.id),
    shippingMethodsFor(db(), shippingCountry.id, culture),
    standardVatRate(db(), vatCountry.id),
  ]);
  const shippingMethod = methods.find((m) => m.id === cart?.shipping_method_id) ?? methods[0] ?? null;
  // Prepaid credit is sold at its face value: no price tier, no VAT (a voucher), whatever its variant says.
  const priced = lines.map((line) => ({
    ...line,
    unitTaxExcl: line.prepaid_account_id !== null ? PREPAID_UNIT_CENTS : unitPriceFor(line.tiers, line.quantity),
    vatRateBasisPoints: line.prepaid_account_id !== null ? 0 : (rates.get(line.vat_class) ?? 0),
  }));
  const totalsLines: TotalsLine[] = priced.map((l) => ({
    quantity: l.quantity,
    unitTaxExcl: l.unitTaxExcl,
    vatRateBasisPoints: l.vatRateBasisPoints,
    categoryId: l.category_id,
    brandId: l.brand_id,
    credit: l.prepaid_account_id !== null,
  }));
  const reverseCharge = reverseChargeApplies({
    vatValid: cart?.vat_valid === null || cart?.vat_valid === undefined ? null : cart.vat_valid === 1,
    billingCountry,
    shopCountry: DEFAULT_SHIPPING_COUNTRY,
  });
  // Prepaid credit alone is not shipped: no shipping cost.
  const shipped = priced.some((line) => line.prepaid_account_id === null);
  const shipping =
    shippingMethod && shipped
      ? {
          amountTaxExcl: shippingMethod.amountTaxExcl,
          freeFromTaxIncl: shippingMethod.freeFromTaxIncl,
          vatRateBasisPoints: shippingRate,
        }
      : null;
  const coupon = cart?.coupon_id ? await couponById(db(), cart.coupon_id) : null;
  const problem = coupon ? await couponProblemFor(coupon, totalsLines, shopper, now) : null;
  const totals = orderTotals({
    lines: totalsLines,
    coupon: coupon && !problem ? coupon : null,
    shipping,
    reverseCharge,
  });
  return {
    lines: priced,
    totalsLines,
    totals,
    shippingCountry,
    billingCountry,
    countries,
    shippingMethods: methods,
    shippingMethod,
    coupon,
    couponProblem: problem,
    reverseCharge,
    shippingVatRate: reverseCharge ? 0 : shippingRate,
  };
}

/**
 * Why a coupon does not apply to these lines, or null: its own rules, its uses, and its scope and
 * minimum counted on merchandise only (prepaid credit is never discounted nor counted).
 */
export async function couponProblemFor(
  coupon: Coupon | null,
  lines: readonly TotalsLine[],
  shopper: { customerId: number | null; email: string | null },
  now = new Date(),
  ex: Executor = db(),
): Promise<CouponProblem | null> {
  const uses = coupon ? await couponUses(ex, coupon.id, shopper) : { total: 0, byShopper: 0 };
  const before = orderTotals({ lines, coupon: null, shipping: null, reverseCharge: false });
  return couponProblem(coupon, {
    now,
    customerId: shopper.customerId,
    usesTotal: uses.total,
    usesByShopper: uses.byShopper,
    itemsTaxIncl: before.merchandiseTaxIncl,
    coveredLines: coupon ? lines.filter((l) => couponCovers(coupon, l)).length : 0,
  });
}
