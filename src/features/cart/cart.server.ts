import type { Culture } from "../../lib/culture";
import { type Session, sessionKey } from "../../server/session/session";
import { type CartSummary, cartTotals, toSummary } from "./cart";
import { findCartId, moveCart, pricedLines } from "./cart.repository";

/** The summary of the session's cart; no session or no cart is an empty cart. */
export async function cartSummary(session: Session, culture: Culture): Promise<CartSummary> {
  const cartId = await findCartId({
    customerId: session.customerId,
    sessionKey: session.id ? sessionKey(session.id) : null,
  });
  const lines = cartId ? await pricedLines(cartId) : [];
  return toSummary(cartTotals(lines), culture);
}

/** After sign-in the session id changes: the cart follows, and merges into the customer's own cart. */
export async function adoptSessionCart(previousId: string | null, newId: string, customerId: number): Promise<void> {
  if (previousId) await moveCart(sessionKey(previousId), sessionKey(newId), customerId);
}
