/**
 * A library's stylesheet, loaded when its behaviour first runs (a map, a lightbox) rather than with
 * every page: Astro puts the CSS a page's scripts import, even lazily, into every page's <head>
 * (withastro/astro#6328), so such CSS is imported as a URL (`?url`) and linked here. Resolves once
 * the sheet has loaded (or failed: the behaviour still runs, unstyled, rather than not at all).
 */
const loading = new Map<string, Promise<void>>();

export function loadStylesheet(href: string): Promise<void> {
  let pending = loading.get(href);
  if (!pending) {
    pending = new Promise<void>((resolve) => {
      const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
      link.addEventListener("load", () => resolve(), { once: true });
      link.addEventListener(
        "error",
        () => {
          console.warn(`Stylesheet ${href} did not load`);
          resolve();
        },
        { once: true },
      );
      document.head.append(link);
    });
    loading.set(href, pending);
  }
  return pending;
}
