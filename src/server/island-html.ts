/**
 * React islands' server HTML, kept per component and props (decision 051).
 *
 * Every page renders the same few islands in its header and footer (search box, mini-cart, consent
 * dialog, wishlist modal) with the same props for most shoppers: rendering them again on every request
 * cost about a quarter of a page. An island's HTML is a pure function of its component, its props and
 * the `useId` prefix Astro gives it (islands read no request state: their labels, culture and data are
 * props), so the HTML is kept under that key. A slot Astro passes (children rendered by Astro, wrapped in
 * `@astrojs/react`'s StaticHtml) is keyed by its HTML: the variation picker holds the degressive price
 * table. Props holding other React elements or functions are not keyed: those islands render every time.
 *
 * `scripts/react-string-render.mjs` routes `@astrojs/react`'s server render through `islandHtml`.
 */

import { isFramed } from "./page-frame";

/** Distinct props kept per component (least recently used first out). */
export const ISLAND_HTML_ENTRIES = 200;

const kept = new WeakMap<object, Map<string, string>>();

/**
 * JSON of the props, or null when they hold something JSON cannot name (elements, functions). An
 * element of `staticSlot` (Astro's slot HTML, rendered as it is) is named by its own props.
 */
function propsKey(props: Record<string, unknown>, staticSlot: unknown): string | null {
  let keyable = true;
  const json = JSON.stringify(props, (_key, value: unknown) => {
    if (typeof value === "function" || typeof value === "symbol") keyable = false;
    else if (value && typeof value === "object" && "$$typeof" in value) {
      const element = value as { type?: unknown; props?: unknown };
      if (staticSlot !== undefined && element.type === staticSlot) return { $slot: element.props };
      keyable = false;
    }
    return value;
  });
  return keyable ? json : null;
}

export function islandHtml(
  component: unknown,
  props: Record<string, unknown>,
  prefix: string | undefined,
  render: () => string,
  staticSlot?: unknown,
): string {
  if ((typeof component !== "function" && typeof component !== "object") || component === null) return render();
  const json = propsKey(props, staticSlot);
  if (json === null) return render();
  const key = `${prefix ?? ""}\u0000${json}`;
  let entries = kept.get(component);
  if (!entries) {
    entries = new Map();
    kept.set(component, entries);
  }
  const hit = entries.get(key);
  if (hit !== undefined) {
    entries.delete(key);
    entries.set(key, hit);
    return hit;
  }
  const html = render();
  entries.set(key, html);
  if (entries.size > ISLAND_HTML_ENTRIES) entries.delete(entries.keys().next().value as string);
  return html;
}

/**
 * The `useId` prefix of an island: Astro's own (`r0`, `r1`… per page), or, when the page's frame came
 * from a kept copy (src/server/page-frame.ts), `m0`, `m1`… so the page's own islands never take a prefix
 * an island of the kept frame already has.
 */
export function islandPrefix(result: unknown, prefix: string): string {
  return isFramed(result) ? `m${prefix.slice(1)}` : prefix;
}
