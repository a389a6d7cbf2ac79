/** Spec 000 section 9: every number of the shell, named for what it does. */

/** The older cookie-law banner of spec 001 section 4 keeps its choice as long. */
export const COOKIE_LAW_COOKIE_NAME = "CookieLawAccepted";
export const COOKIE_LAW_LIFETIME_HOURS = 8760;

/** Lazy script and style chunks give up after this long (then ChunkLoadError). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** A failed chunk is tried once more before the error dialog. */
export const CHUNK_LOAD_RETRIES = 1;

/** Page out and in animations: 10 ms by default, 100 ms in the shop configuration (ours). */
export const PAGE_ANIMATION_DEFAULT_MS = 10;
export const PAGE_ANIMATION_SHOP_MS = 100;
export const PAGE_ANIMATION_MS = PAGE_ANIMATION_SHOP_MS;

/** Same-page anchors scroll smoothly over this long. */
export const ANCHOR_SCROLL_DURATION_MS = 800;

/** Scroll animations: share of an element that must be visible, and whether it animates only once (shop). */
export const VIEWPORT_VISIBILITY_RATIO = 0.1;
export const SCROLL_ANIMATION_ONCE = true;

/** A click on a "bigger link" block is ignored this long after the page scrolled (touch scrolling). */
export const BIGGER_LINK_SCROLL_PREVENTION_MS = 500;

/** Clipboard message: shown at, hidden at, removed at. */
export const CLIPBOARD_MESSAGE_SHOW_MS = 100;
export const CLIPBOARD_MESSAGE_HIDE_MS = 2000;
export const CLIPBOARD_MESSAGE_REMOVE_MS = 2500;

/** Crop modal image box (asset library issue). */
export const CROP_BOX_WIDTH = 568;
export const CROP_BOX_HEIGHT = 400;

/** Tag manager: virtual page views wait this long after the first load, or after an Ajax change. */
export const VIRTUAL_PAGEVIEW_DELAY_MS = 100;
export const VIRTUAL_PAGEVIEW_AJAX_DELAY_MS = 200;

/** The in-animation waits at most this long for the new page's images (page:finished). */
export const IMAGES_WAIT_MAX_MS = 5000;
