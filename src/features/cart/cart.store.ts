import { atom } from "nanostores";
import type { CartSummary } from "./cart";
import { fetchCartSummary } from "./cart.client";

/** The shopper's cart summary; null until an island loads or changes it. */
export const $cart = atom<CartSummary | null>(null);

/** DOM event every island raises after changing the cart (spec 001: cart-changed events). */
export const CART_CHANGED_EVENT = "cart:changed";

/** Sets the new summary and tells every listener (other islands, CMS scripts, the tag manager). */
export function cartChanged(summary: CartSummary): void {
  $cart.set(summary);
  document.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT, { detail: summary }));
}

/** Reloads the summary from the server (after a change made elsewhere). */
export async function refreshCart(): Promise<CartSummary> {
  const summary = await fetchCartSummary();
  $cart.set(summary);
  return summary;
}
