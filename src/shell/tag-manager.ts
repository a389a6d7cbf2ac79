import {
  changeFolder,
  type DataLayerEntry,
  ecommerceEvent,
  emailClick,
  phoneClick,
  virtualPageview,
} from "~/lib/tracking";
import { VIRTUAL_PAGEVIEW_AJAX_DELAY_MS, VIRTUAL_PAGEVIEW_DELAY_MS } from "./constants";

declare global {
  interface Window {
    dataLayer: unknown[];
  }
}

/** Pushes to the tag manager's dataLayer; tracking never blocks the shopper (failures are warnings). */
export function push(...entries: DataLayerEntry[]): void {
  try {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push(...entries);
  } catch (error) {
    console.warn("tracking failed", error);
  }
}

export function trackEcommerce(event: string, ecommerce: Record<string, unknown>): void {
  push(...ecommerceEvent(event, ecommerce));
}

export function trackFolderChange(rootFolderId: number | string, targetFolderId: number | string): void {
  push(changeFolder(rootFolderId, targetFolderId));
}

function pageview(delay: number): void {
  setTimeout(() => push(virtualPageview(window.location.pathname + window.location.search, document.title)), delay);
}

export function installTagManager(): void {
  document.addEventListener("click", (event) => {
    const link = (event.target as Element).closest?.("a[href^='mailto:' i], a[href^='tel:' i]");
    if (!link) return;
    const href = link.getAttribute("href") ?? "";
    push(/^mailto:/i.test(href) ? emailClick(href) : phoneClick(href));
  });
  // 100 ms after the page has loaded.
  if (document.readyState === "complete") pageview(VIRTUAL_PAGEVIEW_DELAY_MS);
  else window.addEventListener("load", () => pageview(VIRTUAL_PAGEVIEW_DELAY_MS), { once: true });
  document.addEventListener("swup:page:view", () => pageview(VIRTUAL_PAGEVIEW_AJAX_DELAY_MS));
}
