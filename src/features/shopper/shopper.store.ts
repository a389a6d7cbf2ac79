import { atom } from "nanostores";
import { $cart } from "~/features/cart/cart.store";
import { $wishlist } from "~/features/wishlists/wishlists.store";
import type { ShopperSummary } from "./shopper";
import { shopperApi } from "./shopper.client";

/** The shopper's summary once asked (decision 062); null until then. */
export const $shopper = atom<ShopperSummary | null>(null);

/** DOM event: her summary is known; the parts that follow her (the wishlist count) connect on it. */
export const SHOPPER_KNOWN_EVENT = "shopper:known";

/**
 * DOM event, after `shopper:known` when her wishlists hold something: the hearts connect on it to mark
 * what she wished. With nothing wished the shared page's hearts are already right, and they connect
 * when first used or when a list changes, as a visitor's do.
 */
export const SHOPPER_WISHED_EVENT = "shopper:wished";

/**
 * Whether her lists hold something, as this page load knows it: her summary, or what she changed since
 * (a wish added before a page swap, whose new hearts must show it).
 */
export function hasWishes(summary: ShopperSummary): boolean {
  const { count, wished } = $wishlist.get();
  return (count ?? summary.Wishlist.Count) > 0 || Object.values(wished).some(Boolean);
}

let asked: Promise<ShopperSummary | null> | undefined;

/**
 * Her summary: asked once per page load (the header stays through page swaps, and her changes come
 * back through the cart's and the wishlist's own stores), then published where each part follows it.
 */
export function knowShopper(): Promise<ShopperSummary | null> {
  asked ??= shopperApi
    .summary()
    .then((summary) => {
      $shopper.set(summary);
      // A change made meanwhile (an add to cart) is newer than the summary.
      if ($cart.get() === null) $cart.set(summary.Cart);
      const wished = { ...$wishlist.get().wished };
      for (const id of summary.Wishlist.VariantIds) wished[id] ??= true;
      $wishlist.set({ count: $wishlist.get().count ?? summary.Wishlist.Count, wished });
      return summary;
    })
    .catch(() => {
      // The placeholders stay: links that are right whoever she is. The next page asks again.
      asked = undefined;
      return null;
    });
  return asked;
}
