import { priceCountryCode } from "~/features/pricing/price-country.server";
import type { Culture } from "~/lib/culture";
import { memoizePublic } from "~/server/cache";
import { db } from "~/server/db/client";
import type { Session } from "~/server/session/session";
import { type CartRow, cartLineKeys, cartRow, type DetailedLineRow, detailedLines } from "./cart-detail.repository";
import { type PricedCart, priceCart } from "./cart-pricing.server";

/** A cart is priced again at least this often: coupons begin and end, and their uses run out, with the clock. */
export const CART_CLOCK_MS = 60_000;

export interface KeptCart {
  cart: CartRow | undefined;
  lines: DetailedLineRow[];
  priced: PricedCart;
  /** Until when it holds by the clock alone (a coupon: the next minute), or null. */
  until: number | null;
}

/**
 * One content of a cart, its lines as shown and priced, for a culture, price country and customer: kept
 * while public data keeps its version and the tags of the cart's products (their stock and prices), and
 * for the current minute (decision 051). The header's summary, the cart and checkout pages and the pickup
 * finder all show it; two light reads name the content, the ten statements that price it run when it
 * changed. What it returns is shared: its readers never change it.
 */
export async function keptCart(session: Session, cart: CartRow, culture: Culture): Promise<KeptCart> {
  const cartId = cart.id;
  const keys = await cartLineKeys(db(), cartId);
  const minute = Math.floor(Date.now() / CART_CLOCK_MS);
  const content = JSON.stringify([cart, keys]);
  const kept = await pricedContent(cartId, content, culture, priceCountryCode(session), session.customerId, minute);
  return { ...kept, until: kept.cart?.coupon_id ? (minute + 1) * CART_CLOCK_MS : null };
}

const pricedContent = memoizePublic(
  async (
    cartId: number,
    _content: string,
    culture: Culture,
    _country: string,
    customerId: number | null,
    _minute: number,
  ): Promise<Omit<KeptCart, "until">> => {
    const [cart, lines] = await Promise.all([cartRow(db(), cartId), detailedLines(db(), cartId, culture)]);
    const priced = await priceCart(cart, lines, culture, { customerId, email: null });
    return { cart, lines, priced };
  },
  5000,
);
