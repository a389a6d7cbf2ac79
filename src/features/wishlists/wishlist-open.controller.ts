import { WISHLIST_AUTO_OPEN_DELAY_MS } from "./wishlists.constants";
import { openWishlist } from "./wishlists.store";

/** `?openWishlist=<variantId>` (spec 001): the add dialog opens by itself shortly after the page shows. */
export default function connect(element: HTMLElement): void {
  const variantId = Number(element.dataset.variantId);
  if (Number.isInteger(variantId) && variantId > 0)
    setTimeout(() => {
      if (element.isConnected) openWishlist(variantId);
    }, WISHLIST_AUTO_OPEN_DELAY_MS);
}
