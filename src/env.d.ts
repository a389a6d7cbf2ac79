/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    culture: import("./lib/culture").Culture;
    /** The translator of `culture`, set once per request by the middleware. */
    readonly t: import("i18next").TFunction;
    session: import("./server/session/session").Session;
    requestId: string;
    /** A one-time notice from the previous form post (src/server/http/flash.ts). */
    flash: import("./server/http/flash").Flash | null;
    /** The page is the same for every visitor of a culture, country and consent state (decisions 050, 062). */
    publicPage?: boolean;
    /** The page cache's ticket, read by the server when the cache could not answer (src/server/http/main.ts). */
    pageTicket?: import("./server/page-cache/page-cache").KnownTicket;
    /** This request's page, if shared, goes to the cache entry of shoppers with a session (set by the middleware). */
    sharedWithSessions?: boolean;
    /** A shared page for shoppers with a session: her own parts are placeholders her browser fills. */
    personalLater?: boolean;
    /**
     * Her browser runs scripts: a page rendered for her (not a public one) leaves her parts of the frame
     * (name, counts) to her summary, as shared pages do, and its frame is kept for every shopper
     * (decision 065, `frameKept`). Set by the middleware.
     */
    chromeLater?: boolean;
    /** This render's frame is to be kept once the page is rendered (src/server/page-frame.ts). */
    frameCapture?: import("./server/page-frame").FrameCapture;
    /** This render wrote a kept frame around its content: the answer is sent gzipped around it (decision 066). */
    framedBy?: import("./server/page-frame").PageFrame;
    /** The route pattern that answers, for the access log and the metrics (src/server/http/operations.ts). */
    route?: string;
    /**
     * Origins this page alone adds to its CSP: a payment provider's drop-in (script, style, image, frame,
     * connect) and a provider's own page the page's form ends on (form-action). src/server/http/security.ts.
     */
    cspOrigins?: { payment?: string[]; formAction?: string[] };
  }
}

/**
 * Astro's render of the page, in scope in every component's frontmatter (its compiled function's first
 * argument). Only `src/layouts/Shell.astro` reads it, to tell the render what a kept frame holds.
 */
declare const $$result: unknown;
