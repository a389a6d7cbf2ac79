import type Swup from "swup";
import { linkDecision, linkFacts } from "./links";
import { swupInstance } from "./swup-instance";

/**
 * Starts swup (decision 052; it replaced @swup/astro's page script, decision 017) on the shopper's
 * first intent to leave the page by Ajax (decision 084): the pointer over a link that swup would load,
 * a touch on it, focus on it, or focus in an Ajax form. Until then a page view carries neither swup, its
 * three plugins nor our page-loading rules (navigation.ts): most views end without a link followed.
 * A click that comes before swup has loaded is held (link-behaviours.ts) and becomes swup's visit once
 * it is there. swup and its plugins are configured before the instance is published as window.swup:
 * our link rules hold from its first click.
 */
let starting: Promise<Swup | null> | null = null;

/** swup, started once (its files load on the first call); null when they could not load (plain page loads). */
export function ensureSwup(): Promise<Swup | null> {
  const running = swupInstance();
  if (running) return Promise.resolve(running);
  starting ??= load().catch((error: unknown) => {
    console.warn("Page loading by Ajax is off: its script did not load", error);
    // A later intent tries again (a network that came back).
    starting = null;
    return null;
  });
  return starting;
}

async function load(): Promise<Swup> {
  const [{ createSwup }, { configureSwup }, { checkPluginVersions }] = await Promise.all([
    import("./swup-bundle"),
    import("./navigation"),
    import("./plugin-versions"),
  ]);
  const { swup, plugins } = createSwup();
  // Mounted in the same task, before swup's `enable` hook, as the `plugins` option would: their version
  // requirement checked without Intl (plugin-versions.ts).
  checkPluginVersions(swup.version, plugins);
  for (const plugin of plugins) swup.use(plugin);
  configureSwup(swup);
  (window as unknown as { swup: unknown }).swup = swup;
  return swup;
}

/** A link swup would load: our link rules (links.ts) and the attributes that keep a link to itself. */
export function ajaxLink(target: EventTarget | null, event?: MouseEvent | KeyboardEvent): HTMLAnchorElement | null {
  const link = (target as Element | null)?.closest?.<HTMLAnchorElement>("a[href]");
  if (!link || link.closest("[data-no-swup], [data-modal], [data-confirm]")) return null;
  return linkDecision(linkFacts(link, event), window.location) === "ajax" ? link : null;
}

/** The events that show an intent to follow a link (the same ones preload it, navigation.ts). */
const INTENTS = ["pointerover", "touchstart", "focusin"] as const;

/**
 * Loads swup on the first intent; the link that showed it is then preloaded like any later one
 * (PRELOAD_EVENT dispatched on it once swup listens). swup marks `<html>` with `swup-enabled`.
 */
export function startSwupOnIntent(): void {
  const onIntent = (event: Event) => {
    const link = ajaxLink(event.target);
    const form = (event.target as Element | null)?.closest?.('form[data-ajax="true"]');
    if (!link && !form) return;
    for (const type of INTENTS) document.removeEventListener(type, onIntent, true);
    void ensureSwup().then((swup) => {
      if (swup && link?.isConnected) link.dispatchEvent(new Event(PRELOAD_EVENT, { bubbles: true }));
      if (!swup)
        for (const type of INTENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
    });
  };
  for (const type of INTENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
}

/** Asks navigation.ts to preload the link it is dispatched on (the intent that started swup). */
export const PRELOAD_EVENT = "vitrine:preload";

/** How long a held visit waits for swup's files before it becomes a plain page load. */
const HELD_VISIT_MAX_MS = 3000;

/**
 * Goes to a page of this site by swup: when swup has not loaded yet, the visit waits for it
 * (HELD_VISIT_MAX_MS at most), then, without it, is a plain load (or `fallback`: a form post the browser
 * sends itself).
 */
export function visit(url: string, options?: Parameters<Swup["navigate"]>[1], fallback?: () => void): void {
  const running = swupInstance();
  if (running) {
    void running.navigate(url, options);
    return;
  }
  let done = false;
  const plain = () => {
    if (done) return;
    done = true;
    if (fallback) fallback();
    else window.location.assign(url);
  };
  const timer = setTimeout(plain, HELD_VISIT_MAX_MS);
  void ensureSwup().then((swup) => {
    clearTimeout(timer);
    if (done) return;
    if (!swup) return plain();
    done = true;
    void swup.navigate(url, options);
  });
}
