import type Swup from "swup";
import type { Location, Visit } from "swup";
import { findAnchorTarget } from "./anchor-target";
import { goToAnchor, revealTarget } from "./anchors";
import { IMAGES_WAIT_MAX_MS } from "./constants";
import { showError } from "./error-dialog";
import { linkDecision, linkFacts } from "./links";
import { errorAction } from "./request-errors";
import { shellStrings } from "./strings";
import { PRELOAD_EVENT } from "./swup-start";

/**
 * Page loading (spec 000 section 4) on top of the swup instance swup-start.ts creates on the first
 * intent (it loads this module with swup, in the same file): our link rules,
 * DOM events for islands and CMS scripts, the long-loading class, request errors, header updates.
 *
 * DOM events (on document): page:leave, page:loaded, page:finished; detail { url }.
 */
export const PAGE_EVENTS = { leave: "page:leave", loaded: "page:loaded", finished: "page:finished" } as const;

const LONG_LOADING_CLASS = "is-long-loading";
/** Header parts that depend on the page; the header itself persists across swaps. */
const HEADER_PARTS = ["#site-nav", "#account-area", "#footer-language-switch"];

class HandledVisitError extends Error {}

/** The events Astro's islands and scripts listen to around a page swap (its own router dispatches them). */
export const ASTRO_EVENTS = {
  beforeSwap: "astro:before-swap",
  afterSwap: "astro:after-swap",
  pageLoad: "astro:page-load",
} as const;

/**
 * Unmounts the islands a swap took out of the document. `astro-island` does it on `astro:after-swap`, but
 * listens once per connection: an island that stayed through an earlier swap (the header's) has spent
 * its listener. Those that astro-island unmounted itself (`unmounted`) are not told twice.
 */
export function unmountDetached(islands: Element[], unmounted: WeakSet<Element>): void {
  for (const island of islands)
    if (!island.isConnected && !unmounted.has(island)) island.dispatchEvent(new CustomEvent("astro:unmount"));
}

function dispatch(name: string, url: string): void {
  document.dispatchEvent(new CustomEvent(name, { detail: { url } }));
}

function imagesLoaded(root: ParentNode, maxMs: number): Promise<void> {
  const pending = Array.from(root.querySelectorAll("img")).filter((img) => !img.complete && img.loading !== "lazy");
  if (pending.length === 0) return Promise.resolve();
  const settled = (img: HTMLImageElement) =>
    new Promise<void>((resolve) => {
      img.addEventListener("load", () => resolve(), { once: true });
      img.addEventListener("error", () => resolve(), { once: true });
    });
  const all = Promise.all(pending.map(settled));
  return Promise.race([all.then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, maxMs))]);
}

function updateHeader(next: Document): void {
  for (const selector of HEADER_PARTS) {
    const current = document.querySelector(selector);
    const incoming = next.querySelector(selector);
    if (current && incoming) current.replaceWith(document.importNode(incoming, true));
  }
  document.body.className = next.body.className;
}

export function configureSwup(swup: Swup): void {
  swup.options.ignoreVisit = (_url, { el, event } = {}) => {
    if (!el) return false;
    // A behaviour took the click over (quick view, lightbox): not a page visit.
    if ((event as Event | undefined)?.defaultPrevented) return true;
    if (el.closest("[data-no-swup], [data-modal], [data-confirm]")) return true;
    return linkDecision(linkFacts(el, event as MouseEvent | undefined), window.location) !== "ajax";
  };

  swup.hooks.on("visit:start", (visit) => dispatch(PAGE_EVENTS.leave, visit.to.url));
  // Route announcements in the page's language (the strings come with the page).
  const a11y = swup.findPlugin("SwupA11yPlugin") as { options?: { announcements?: unknown } } | undefined;
  if (a11y?.options)
    a11y.options.announcements = { visit: shellStrings().announceVisit, url: shellStrings().announceUrl };
  // After a swap, focus goes to the new content (the a11y plugin's default is <body>).
  swup.hooks.before("visit:start", (visit) => {
    const a11y = (visit as unknown as { a11y?: { focus: unknown } }).a11y;
    if (a11y) a11y.focus = "#swup";
  });
  // The request is still pending after the out-animation: say so.
  swup.hooks.on("animation:out:end", (visit) => {
    if (!visit.to.html) document.documentElement.classList.add(LONG_LOADING_CLASS);
  });
  const clearLongLoading = () => document.documentElement.classList.remove(LONG_LOADING_CLASS);
  swup.hooks.on("visit:end", clearLongLoading);
  swup.hooks.on("visit:abort", clearLongLoading);

  // Request errors of page loads go through the same rules as API calls.
  swup.hooks.replace("fetch:request", async (visit, args, defaultHandler) => {
    const response = (await defaultHandler?.(visit, args)) as Response;
    const action = errorAction(response.status);
    if (action === "login") {
      const url = visit.to.url;
      void import("./login")
        .then(({ loginInModal }) => loginInModal(url))
        .then((signedIn) => signedIn && swup.navigate(url, { cache: { read: false, write: true } }));
      throw new HandledVisitError("login required");
    }
    if (action === "log") console.info(`Not found: ${visit.to.url}`);
    if (action === "dialog" && response.status !== 500) {
      showError();
      throw new HandledVisitError(`status ${response.status}`);
    }
    return response;
  });
  swup.hooks.replace("visit:fail", (visit: Visit, { error }) => {
    clearLongLoading();
    document.documentElement.classList.remove("is-changing", "is-animating", "is-leaving", "is-rendering");
    const status = (error as { status?: number }).status;
    if (!(error instanceof HandledVisitError)) {
      if (status === undefined) console.warn(`Page load of ${visit.to.url} did not complete`, error);
      else showError();
    }
    // Stay on the page the shopper was on.
    const from = visit.from.url ?? "/";
    window.history.replaceState(window.history.state, "", from);
    // swup's Location class, from the instance: the shell's first load does not carry swup (scripts/shell-chunk.mjs).
    swup.location = (swup.location.constructor as typeof Location).fromUrl(from);
  });

  // Astro's island lifecycle (as @swup/astro dispatched it): the islands of the page being left unmount,
  // which runs their effects' cleanups and ends their store subscriptions.
  let leaving: Element[] = [];
  const unmounted = new WeakSet<Element>();
  swup.hooks.before("content:replace", () => {
    leaving = Array.from(document.querySelectorAll("astro-island"));
    for (const island of leaving) island.addEventListener("astro:unmount", () => unmounted.add(island), { once: true });
    document.dispatchEvent(new Event(ASTRO_EVENTS.beforeSwap));
  });
  swup.hooks.on("content:replace", (visit) => {
    if (visit.to.document) updateHeader(visit.to.document);
    document.dispatchEvent(new Event(ASTRO_EVENTS.afterSwap));
    unmountDetached(leaving, unmounted);
    leaving = [];
    dispatch(PAGE_EVENTS.loaded, visit.to.url);
  });
  swup.hooks.on("visit:end", () => document.dispatchEvent(new Event(ASTRO_EVENTS.pageLoad)));
  swup.hooks.before("animation:in:await", async (visit) => {
    await imagesLoaded(document.querySelector("#swup") ?? document, IMAGES_WAIT_MAX_MS);
    dispatch(PAGE_EVENTS.finished, visit.to.url);
  });

  installPreload(swup);
  installScrollRestore(swup);

  // Anchors: reveal the collapse, tab or details that holds the target, then an 800 ms smooth scroll.
  swup.hooks.replace("scroll:anchor", (_visit, { hash }) => goToAnchor(hash));
}

/**
 * Preloads a page when the pointer rests on (or focus reaches) one of its Ajax links, into swup's
 * cache. A plain fetch: a preload never opens a login or an error dialog.
 */
function installPreload(swup: Swup): void {
  const started = new Set<string>();
  const preload = (event: Event) => {
    const link = (event.target as Element).closest?.<HTMLAnchorElement>("a[href]");
    if (!link || swup.options.ignoreVisit(link.href, { el: link })) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    const key = url.pathname + url.search;
    if (key === swup.location.url || started.has(key) || swup.cache.has(key)) return;
    started.add(key);
    fetch(key, { headers: swup.options.requestHeaders, credentials: "same-origin" })
      .then(async (response) => {
        if (response.ok && !response.redirected) swup.cache.set(key, { url: key, html: await response.text() });
        else started.delete(key);
      })
      .catch(() => started.delete(key));
  };
  document.addEventListener("pointerover", preload, { passive: true });
  document.addEventListener("touchstart", preload, { passive: true });
  document.addEventListener("focusin", preload);
  document.addEventListener(PRELOAD_EVENT, preload);
}

/**
 * Back and forward: the scroll position each page had when it was left, and the anchor's target
 * revealed again. (The scroll plugin leaves history visits to the browser, which restores the position
 * before the content is swapped in, so it lands at the top.)
 */
function installScrollRestore(swup: Swup): void {
  const positions = new Map<string, number>();
  swup.hooks.before("visit:start", (visit) => {
    if (visit.from.url) positions.set(visit.from.url + (visit.from.hash ?? ""), window.scrollY);
  });
  swup.hooks.on("content:scroll", (visit) => {
    if (!visit.history.popstate) return;
    const hash = visit.to.hash ?? "";
    const target = hash ? findAnchorTarget(hash) : null;
    if (target) revealTarget(target);
    const top = positions.get(visit.to.url + hash);
    if (top !== undefined) window.scrollTo(0, top);
    else if (hash) goToAnchor(hash);
  });
}
