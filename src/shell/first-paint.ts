/**
 * When the page's scripts start (decision 052): after the first paint, so the photo and the text a
 * shopper came for get the network and the processor first. Every island's server HTML and every form
 * works without JavaScript, so nothing is lost meanwhile: a click before the scripts run is a plain
 * page load or form post.
 *
 * They start on the browser's first idle moment after the frame that follows the load event (at most
 * IDLE_WAIT_MS later), or at once on the shopper's first intent (a touch, a pointer press, a key),
 * whichever comes first. The document carries `data-shell="waiting"` until main.ts marks it `ready`.
 * This module itself is fetched only after the load event, or on an intent (decision 070).
 */
export const IDLE_WAIT_MS = 1500;

/** What counts as the shopper's intent (layouts/boot-script.ts listens for the same before this loads). */
export const INTENT_EVENTS = ["pointerdown", "touchstart", "keydown"] as const;

export function afterFirstPaint(start: () => unknown): void {
  const html = document.documentElement;
  html.dataset.shell = "waiting";
  // The shopper showed an intent before this module was even fetched (layouts/boot-script.ts).
  if (html.dataset.shellStart === "now") {
    start();
    return;
  }
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) window.removeEventListener(type, go, true);
    start();
  };
  for (const type of INTENT_EVENTS) window.addEventListener(type, go, { capture: true, passive: true });
  // The frame after the load event paints the photos that arrived last: the wait starts after it.
  const idle = () =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        if ("requestIdleCallback" in window) window.requestIdleCallback(go, { timeout: IDLE_WAIT_MS });
        else setTimeout(go, 1);
      }, 0),
    );
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}
