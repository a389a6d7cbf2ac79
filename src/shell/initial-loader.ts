import { PAGE_ANIMATION_MS } from "./constants";

/**
 * The initial loader (spec 001): a thin bar over the top edge while the first page's images load, taken
 * away after them plus an animation delay. It covers nothing, and without JavaScript there is none
 * (the head script sets its class). It shows only once the load has taken INITIAL_LOADER_DELAY_MS
 * (global.css, `html.is-initial-loading::before`; decision 072): a page that is in within a second
 * never shows it, and the browser draws no frame for it.
 */
export const INITIAL_LOADER_CLASS = "is-initial-loading";
export const INITIAL_LOADER_DELAY_MS = 1000;

export function endInitialLoader(): void {
  const end = () =>
    setTimeout(() => document.documentElement.classList.remove(INITIAL_LOADER_CLASS), PAGE_ANIMATION_MS);
  if (document.readyState === "complete") end();
  else window.addEventListener("load", end, { once: true });
}
