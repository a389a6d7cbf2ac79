/**
 * The shell's own DOM events, typed: `document.addEventListener("page:loaded", (e) => e.detail.url)`.
 * Features declare theirs beside the code that raises them (cart.store.ts, variant.store.ts,
 * consent.store.ts), so DocumentEventMap lists every custom event of the shop with its detail.
 */
declare global {
  interface DocumentEventMap {
    /** swup starts leaving a page. */
    "page:leave": CustomEvent<{ url: string }>;
    /** A page or fragment was put in place (swup visit, Ajax fragment). */
    "page:loaded": CustomEvent<{ url: string; target?: string }>;
    /** The in-animation is over. */
    "page:finished": CustomEvent<{ url: string }>;
    /** A request helper call answered with an error status. */
    "request:failed": CustomEvent<{ url: string; status: number }>;
    /** The shopper signed in through the login modal. */
    "session:changed": CustomEvent<undefined>;
  }
}

export {};
