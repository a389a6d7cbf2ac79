import { pluralRules } from "~/lib/intl";
import type { CartSummary } from "./cart";
import { $cart } from "./cart.store";

/** Astro's island props: each value as [type, value], 0 being a plain value (objects hold the same pairs). */
type IslandProps = Record<string, [number, unknown]>;

function plain(value: [number, unknown] | undefined): unknown {
  const inner = value?.[1];
  if (!inner || typeof inner !== "object") return inner;
  return Object.fromEntries(Object.entries(inner as IslandProps).map(([key, pair]) => [key, plain(pair)]));
}

function encoded(summary: CartSummary): [number, unknown] {
  return [0, Object.fromEntries(Object.entries(summary).map(([key, value]) => [key, [0, value]]))];
}

/**
 * The mini-cart of a page shared by every shopper (decision 062): its count, spoken label and total
 * follow $cart (her summary, then her changes) while the island is still server HTML, and its props
 * follow too, so React hydrates from what is shown (no hydration mismatch).
 */
export default function connect(root: HTMLElement): void {
  $cart.subscribe((summary) => {
    const island = root.querySelector("astro-island");
    if (!summary || !island?.hasAttribute("ssr")) return;
    let props: IslandProps;
    try {
      props = JSON.parse(island.getAttribute("props") ?? "{}") as IslandProps;
    } catch {
      return;
    }
    const labels = (plain(props.labels) ?? {}) as { countOne?: string; countOther?: string };
    const culture = String(plain(props.culture) ?? document.documentElement.lang);
    const count = root.querySelector<HTMLElement>("[data-cart-count]");
    const label = root.querySelector<HTMLElement>("[data-cart-count-label]");
    const total = root.querySelector<HTMLElement>("[data-cart-total]");
    if (count) count.textContent = String(summary.ItemsCount);
    if (label)
      label.textContent = (
        (pluralRules(culture).select(summary.ItemsCount) === "one" ? labels.countOne : labels.countOther) ?? ""
      ).replace("{count}", String(summary.ItemsCount));
    if (total) total.textContent = summary.AmountTaxInclHtml;
    island.setAttribute("props", JSON.stringify({ ...props, summary: encoded(summary) }));
  });
}
