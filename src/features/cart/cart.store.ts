import { atom } from "nanostores";
import { CITY_AUTOCOMPLETE_MIN_LENGTH } from "~/features/pricing/pricing.constants";
import { RequestError, refusalMessage } from "~/shell/request-errors";
import { trackEcommerce } from "~/shell/tag-manager";
import type { AddToCartInput, AddToCartResult, CartSummary } from "./cart";
import { cartApi, fetchCartSummary, postAddToCart } from "./cart.client";
import { CART_FORMS, type CartFormName } from "./cart.forms";

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

/** DOM event a shipping method change raises (detail: the new ShippingMethodId); the pickup finder follows it. */
export const SHIPPING_METHOD_CHANGED_EVENT = "cart:shipping-method-changed";

/** DOM event a country change raises (header selector, checkout); the cart page reloads on it. */
export const COUNTRY_CHANGED_EVENT = "cart:country-changed";

export type CartActionOutcome =
  | { ok: true; notice?: { kind: "success" | "error"; message?: string } }
  | { ok: false; message: string };

/**
 * One cart page form as an API call (its endpoint and request from CART_FORMS): the summary that comes
 * back is published ($cart, cart:changed); a refusal the shopper can fix comes back as its message.
 * Coupons answer true or false (spec 001).
 */
export async function runCartAction(action: CartFormName, fields: Record<string, string>): Promise<CartActionOutcome> {
  const form = CART_FORMS[action];
  if (form.when && !form.when(fields)) return { ok: true };
  try {
    const answer: unknown = await cartApi.call(form.endpoint, form.request(fields) as never, {
      handled: form.handled ?? [],
    });
    if (action === "coupon") return { ok: true, notice: { kind: answer === true ? "success" : "error" } };
    if (action === "country")
      document.dispatchEvent(new CustomEvent(COUNTRY_CHANGED_EVENT, { detail: { source: "cart-page" } }));
    if (action === "method")
      document.dispatchEvent(
        new CustomEvent(SHIPPING_METHOD_CHANGED_EVENT, {
          detail: { ShippingMethodId: Number(fields.ShippingMethodId) },
        }),
      );
    if (answer && typeof answer === "object") cartChanged(answer as CartSummary);
    return { ok: true };
  } catch (error) {
    const refusal = refusalMessage(error);
    if (refusal) return { ok: false, message: refusal.message };
    throw error;
  }
}

/** The mini-cart panel's lines (the server's fragment), loaded when the panel opens; null until then. */
export const $miniCartItems = atom<string | null>(null);

/** Loads (or reloads) the mini-cart's fragment of cart lines. */
export async function loadMiniCartItems(culture: string): Promise<void> {
  const response = await fetch(`/${culture}/widget/shoppingcartitems`, {
    credentials: "same-origin",
    headers: { "X-Requested-With": "fetch" },
  });
  if (response.ok) $miniCartItems.set(await response.text());
  else console.warn(`The mini-cart could not load its lines (${response.status})`);
}

/** Postal code to city suggestions for the delivery postal code (empty below 4 characters). */
export function suggestCities(countryId: string, query: string): Promise<Record<string, string>> {
  if (query.trim().length < CITY_AUTOCOMPLETE_MIN_LENGTH) return Promise.resolve({});
  return cartApi.cities(countryId, query.trim());
}

declare global {
  interface DocumentEventMap {
    "cart:changed": CustomEvent<CartSummary>;
    "cart:country-changed": CustomEvent<{ source: string }>;
    "cart:shipping-method-changed": CustomEvent<{ ShippingMethodId: number }>;
  }
}
