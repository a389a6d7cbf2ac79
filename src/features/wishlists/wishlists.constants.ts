/** Spec 001 delays: the wishlist dialog opens by itself 200 ms after a page with `?openWishlist=`. */
export const WISHLIST_AUTO_OPEN_DELAY_MS = 200;
/** Spec 001: a quantity typed on a list is corrected and saved after 600 ms without typing. */
export const LIST_QUANTITY_DELAY_MS = 600;
