import { atom } from "nanostores";
import { RequestError } from "../../shell/request-errors";
import { trackEcommerce } from "../../shell/tag-manager";
import type { AddToCartInput, AddToCartResult, CartSummary } from "./cart";
import { fetchCartSummary, postAddToCart } from "./cart.client";

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

export type AddToCartOutcome =
  | { ok: true; result: AddToCartResult }
  | { ok: false; message: string; suggested?: number };

/**
 * Adds to the cart; on success the cart-changed events fire and GA4 add_to_cart is pushed. A refusal
 * the shopper can fix (quantity, stock) comes back as a message in their language.
 */
export async function addToCart(
  input: Pick<AddToCartInput, "ProductVariantId" | "Quantity"> & Partial<AddToCartInput>,
): Promise<AddToCartOutcome> {
  try {
    const result = await postAddToCart(input);
    cartChanged(result.Cart);
    trackEcommerce("add_to_cart", {
      currency: "EUR",
      value: Math.round(result.Item.price * result.Item.quantity * 100) / 100,
      items: [result.Item],
    });
    return { ok: true, result };
  } catch (error) {
    if (error instanceof RequestError && error.body && typeof error.body === "object") {
      const body = error.body as { Message?: string; Errors?: Record<string, string[]> };
      return { ok: false, message: body.Errors?.Quantity?.[0] ?? body.Message ?? "" };
    }
    throw error;
  }
}
