/**
 * React islands' server HTML, kept per component and props (decision 051).
 *
 * Every page renders the same few islands in its header and footer (search box, mini-cart, consent
 * dialog, wishlist modal) with the same props for most shoppers: rendering them again on every request
 * cost about a quarter of a page. An island's HTML is a pure function of its component, its props and
 * the `useId` prefix Astro gives it (islands read no request state: their labels, culture and data are
 * props), so the HTML is kept under that key. Props holding React elements or functions (slots, children)
 * are not keyed: those islands render every time.
 *
 * `scripts/react-string-render.mjs` routes `@astrojs/react`'s server render through `islandHtml`.
 */

/** Distinct props kept per component (least recently used first out). */
export const ISLAND_HTML_ENTRIES = 200;

const kept = new WeakMap<object, Map<string, string>>();

/** JSON of the props, or null when they hold something JSON cannot name (elements, functions). */
function propsKey(props: Record<string, unknown>): string | null {
  let keyable = true;
  const json = JSON.stringify(props, (_key, value: unknown) => {
    if (typeof value === "function" || typeof value === "symbol") keyable = false;
    else if (value && typeof value === "object" && "$$typeof" in value) keyable = false;
    return value;
  });
  return keyable ? json : null;
}

export function islandHtml(
  component: unknown,
  props: Record<string, unknown>,
  prefix: string | undefined,
  render: () => string,
): string {
  if ((typeof component !== "function" && typeof component !== "object") || component === null) return render();
  const json = propsKey(props);
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
