import { PAGE_ANIMATION_MS } from "./constants";

/**
 * The initial loader (spec 001): a thin bar over the top edge while the first page's images load, taken
 * away after them plus an animation delay. It covers nothing, and without JavaScript there is none
 * (the head script sets its class).
 */
export const INITIAL_LOADER_CLASS = "is-initial-loading";

export function endInitialLoader(): void {
  const end = () =>
    setTimeout(() => document.documentElement.classList.remove(INITIAL_LOADER_CLASS), PAGE_ANIMATION_MS);
  if (document.readyState === "complete") end();
  else window.addEventListener("load", end, { once: true });
}
