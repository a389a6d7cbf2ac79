import type { CouponProblem } from "~/features/coupons/coupons";
import { couponByCode } from "~/features/coupons/coupons.server";
import { CURRENT_COUNTRY_KEY } from "~/features/pricing/price-country.server";
import { countryByCode, countryById, findCities } from "~/features/pricing/pricing.server";
import type { Culture } from "~/lib/culture";
import { withVat } from "~/lib/money";
import { trackingItem } from "~/lib/tracking";
import { db } from "~/server/db/client";
import { isUniqueViolation } from "~/server/db/errors";
import { ApiError } from "~/server/http/errors";
import { ensureSession, type Session, sessionKey, writeSessionData } from "~/server/session/session";
import { type CartAdjustment, type CartSummary, fittingQuantity, goodsSummary, lineProblem } from "./cart";
import { findCart, findCartId, openCart } from "./cart.repository";
import { cartOwner, refuseLineProblem } from "./cart.server";
import {
  type CartRow,
  cartLine,
  cartRow,
  deleteProductLines,
  detailedLines,
  setLineQuantity,
  updateCart,
} from "./cart-detail.repository";
import { couponProblemFor, type PricedCart, priceCart } from "./cart-pricing.server";
import { keptCart } from "./kept-cart.server";

export interface Shopper {
  customerId: number | null;
  email: string | null;
}

function shopperOf(session: Session): Shopper {
  return { customerId: session.customerId, email: null };
}

async function ownCartId(session: Session): Promise<number | null> {
  return findCartId(db(), cartOwner(session));
}

/** The shopper's cart, created (with the session) when a choice is made before anything was added. */
async function ownOrNewCart(session: Session): Promise<number> {
  const id = await ensureSession(session);
  const owner = { customerId: session.customerId, sessionKey: sessionKey(id) };
  try {
    return await openCart(db(), owner);
  } catch (error) {
    // Two first choices of one session at once both create the cart: the second finds it on retry.
    if (!isUniqueViolation(error)) throw error;
    return openCart(db(), owner);
  }
}

/**
 * The summary of the cart a page has just shown, by its request's session: the header's mini-cart of the
 * same page shows it instead of reading the cart again (three statements), and it is the cart as the
 * page left it, stock adjustments included. A page runs its own code before its layout renders.
 */
const shownSummaries = new WeakMap<Session, { culture: Culture; summary: CartSummary }>();

/** The summary of the cart this request's page showed in this culture, if it showed one. */
export function summaryShownBy(session: Session, culture: Culture): CartSummary | undefined {
  const shown = shownSummaries.get(session);
  return shown?.culture === culture ? shown.summary : undefined;
}

export interface CartDetail extends PricedCart {
  cart: CartRow | undefined;
  summary: CartSummary;
  /** Lines whose quantity the shop had to lower since the shopper last saw the cart (shown once). */
  adjustments: CartAdjustment[];
}

/**
 * The cart as its page shows it. Lines that no longer fit the stock are lowered (or removed) first and
 * reported once, so the shopper is never shown, nor charged for, what cannot be delivered.
 */
export async function cartDetail(session: Session, culture: Culture): Promise<CartDetail> {
  const found = await findCart(db(), cartOwner(session));
  const cartId = found?.id ?? null;
  // As priced for this content of the cart (shared with the header's summary); the stock in its lines is
  // current, since the memo follows the tags of the cart's products.
  const kept = found ? await keptCart(session, found, culture) : undefined;
  let cart = kept?.cart;
  let lines = kept?.lines ?? [];
  let fresh = false;
  const adjustments: CartAdjustment[] = cart?.adjustments ? JSON.parse(cart.adjustments) : [];
  if (cartId) {
    let changed = false;
    for (const line of lines) {
      const fitting = fittingQuantity(
        { min: line.min_quantity, max: line.max_quantity, step: line.step_quantity },
        line.stock,
        line.quantity,
      );
      if (fitting === line.quantity) continue;
      await setLineQuantity(db(), cartId, line.id, fitting);
      adjustments.push({
        ItemOriginAndKey: `${line.item_origin}|${line.item_key}`,
        ItemName: line.name,
        ProductVariantId: line.variant_id,
        Requested: line.quantity,
        Quantity: fitting,
      });
      changed = true;
    }
    if (changed) lines = await detailedLines(db(), cartId, culture);
    if (cart?.adjustments || changed) {
      await updateCart(db(), cartId, { adjustments: null });
      cart = await cartRow(db(), cartId);
      fresh = true;
    }
  }
  const priced = kept && !fresh ? kept.priced : await priceCart(cart, lines, culture, shopperOf(session));
  const summary = summaryOf(priced, culture);
  shownSummaries.set(session, { culture, summary });
  return { ...priced, cart, adjustments, summary };
}

function summaryOf(priced: PricedCart, culture: Culture): CartSummary {
  return goodsSummary(priced.totals, culture);
}

async function summaryAfterChange(session: Session, culture: Culture): Promise<CartSummary> {
  return (await cartDetail(session, culture)).summary;
}

async function ownLine(session: Session, lineId: number) {
  const cartId = await ownCartId(session);
  const line = cartId ? await cartLine(db(), cartId, lineId) : undefined;
  if (!cartId || !line) throw new ApiError("CartItemNotFound");
  return { cartId, line };
}

/** Sets a line's quantity (0 removes it) under the variant's quantity rules and its stock. */
export async function changeLineQuantity(
  session: Session,
  culture: Culture,
  lineId: number,
  quantity: number,
): Promise<CartSummary> {
  const { cartId, line } = await ownLine(session, lineId);
  if (quantity > 0) {
    const lines = await detailedLines(db(), cartId, culture);
    const detail = lines.find((l) => l.id === line.id);
    if (!detail) throw new ApiError("CartItemNotFound");
    const otherLines = lines
      .filter((l) => l.variant_id === detail.variant_id && l.id !== detail.id)
      .reduce((sum, l) => sum + l.quantity, 0);
    const problem = lineProblem(
      { min: detail.min_quantity, max: detail.max_quantity, step: detail.step_quantity },
      detail.stock,
      otherLines,
      quantity,
    );
    refuseLineProblem(problem, culture);
  }
  await setLineQuantity(db(), cartId, line.id, quantity);
  return summaryAfterChange(session, culture);
}

export async function removeLine(session: Session, culture: Culture, lineId: number): Promise<CartSummary> {
  const { cartId, line } = await ownLine(session, lineId);
  await setLineQuantity(db(), cartId, line.id, 0);
  return summaryAfterChange(session, culture);
}

/** Removes every line of a product ("clear product"). */
export async function clearProduct(session: Session, culture: Culture, productId: number): Promise<CartSummary> {
  const cartId = await ownCartId(session);
  const removed = cartId ? await deleteProductLines(db(), cartId, productId) : 0;
  if (removed === 0) throw new ApiError("CartItemNotFound");
  return summaryAfterChange(session, culture);
}

export async function chooseShippingMethod(session: Session, culture: Culture, methodId: number): Promise<CartSummary> {
  const cartId = await ownOrNewCart(session);
  const priced = await priceCart(await cartRow(db(), cartId), [], culture, shopperOf(session));
  const method = priced.shippingMethods.find((m) => m.id === methodId);
  if (!method)
    throw new ApiError("ShippingMethodUnavailable", { ShippingMethodId: [] }, undefined, {
      country: priced.shippingCountry.code,
    });
  const cart = await cartRow(db(), cartId);
  // A pickup point belongs to the method it was chosen for.
  const keepPoint = cart?.shipping_method_id === methodId;
  await updateCart(db(), cartId, { shipping_method_id: methodId, ...(keepPoint ? {} : { pickup_point: null }) });
  return summaryAfterChange(session, culture);
}

async function shippingCountryChanged(cartId: number, countryId: number, billingCountryId?: number): Promise<void> {
  const cart = await cartRow(db(), cartId);
  const same = cart?.shipping_country_id === countryId;
  await updateCart(db(), cartId, {
    shipping_country_id: countryId,
    ...(billingCountryId !== undefined ? { billing_country_id: billingCountryId } : {}),
    // Another country has other methods, pickup points and cities.
    ...(same ? {} : { shipping_method_id: null, pickup_point: null, city_id: null }),
  });
}

/**
 * The shopper's current country (spec 001: PUT /api/v1/salestaxes/currentcountry, the header's
 * selector), by ISO code or id: the prices shown include its VAT from the next page on, and an
 * existing cart ships there.
 */
export async function setCurrentCountry(session: Session, wanted: string | number): Promise<string> {
  const country =
    typeof wanted === "number" ? await countryById(db(), wanted) : await countryByCode(db(), wanted.toUpperCase());
  if (!country) throw new ApiError("CountryNotFound", { currentCountry: [] });
  await writeSessionData(session, { [CURRENT_COUNTRY_KEY]: country.code });
  const cartId = await ownCartId(session);
  if (cartId) await shippingCountryChanged(cartId, country.id);
  return country.code;
}

/** Shipping country by ISO code (cart page): changes VAT and the shipping price. */
export async function chooseShippingCountry(session: Session, culture: Culture, code: string): Promise<CartSummary> {
  const country = await countryByCode(db(), code);
  if (!country) throw new ApiError("CountryNotFound", { CountryCode: [] });
  const cartId = await ownOrNewCart(session);
  await shippingCountryChanged(cartId, country.id);
  // The prices shown elsewhere follow the country the cart ships to.
  await writeSessionData(session, { [CURRENT_COUNTRY_KEY]: country.code });
  return summaryAfterChange(session, culture);
}

/** Shipping and billing countries by id (checkout). */
export async function chooseCountries(
  session: Session,
  culture: Culture,
  ids: { ShippingCountryId: number; BillingCountryId: number },
): Promise<CartSummary> {
  const [shipping, billing] = await Promise.all([
    countryById(db(), ids.ShippingCountryId),
    countryById(db(), ids.BillingCountryId),
  ]);
  if (!shipping) throw new ApiError("CountryNotFound", { ShippingCountryId: [] });
  if (!billing) throw new ApiError("CountryNotFound", { BillingCountryId: [] });
  const cartId = await ownOrNewCart(session);
  const cart = await cartRow(db(), cartId);
  await shippingCountryChanged(cartId, shipping.id, billing.id);
  await writeSessionData(session, { [CURRENT_COUNTRY_KEY]: shipping.code });
  // A VAT number was checked for the previous billing country.
  if (cart?.billing_country_id !== billing.id) await updateCart(db(), cartId, { vat_valid: null, vat_number: null });
  return summaryAfterChange(session, culture);
}

/** The delivery postal code picked in the autocomplete; it must exist in the shipping country. */
export async function chooseCity(session: Session, culture: Culture, postalCode: string): Promise<CartSummary> {
  const cartId = await ownOrNewCart(session);
  const priced = await priceCart(await cartRow(db(), cartId), [], culture, shopperOf(session));
  const [city] = await findCities(db(), priced.shippingCountry.id, postalCode, 1);
  if (!city || city.postalCode !== postalCode) throw new ApiError("CityNotFound", { CityId: [] });
  await updateCart(db(), cartId, { city_id: city.id });
  return summaryAfterChange(session, culture);
}

export type CouponOutcome = { valid: true } | { valid: false; problem: CouponProblem };

/** Applies a coupon when its rules allow it on this cart now; an invalid code leaves the cart as it was. */
export async function applyCoupon(session: Session, culture: Culture, code: string): Promise<CouponOutcome> {
  const cartId = await ownCartId(session);
  const coupon = await couponByCode(db(), code);
  const cart = cartId ? await cartRow(db(), cartId) : undefined;
  const lines = cartId ? await detailedLines(db(), cartId, culture) : [];
  const priced = await priceCart(cart, lines, culture, shopperOf(session));
  const problem = await couponProblemFor(coupon, priced.totalsLines, shopperOf(session));
  if (problem || !coupon || !cartId) return { valid: false, problem: problem ?? "CouponNotApplicable" };
  await updateCart(db(), cartId, { coupon_id: coupon.id });
  return { valid: true };
}

export async function removeCoupon(session: Session): Promise<boolean> {
  const cartId = await ownCartId(session);
  if (!cartId) return false;
  await updateCart(db(), cartId, { coupon_id: null });
  return true;
}

/** GA4 ecommerce data of the cart (view_cart, begin_checkout, add_shipping_info, add_payment_info). */
export function cartTracking(detail: CartDetail) {
  return {
    currency: "EUR",
    value: detail.totals.totalTaxIncl / 100,
    ...(detail.shippingMethod ? { shipping_tier: detail.shippingMethod.name } : {}),
    ...(detail.coupon && !detail.couponProblem ? { coupon: detail.coupon.code } : {}),
    items: detail.lines.map((line, index) =>
      trackingItem({
        name: line.name,
        variantId: line.variant_id,
        sku: line.sku,
        priceCents: withVat(line.unitTaxExcl, detail.reverseCharge ? 0 : line.vatRateBasisPoints),
        brand: line.brand,
        category: "",
        quantity: line.quantity,
        index,
      }),
    ),
  };
}
