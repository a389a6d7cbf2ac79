/**
 * Same-page anchors (spec 000 section 2): reveal what hides the target, then an 800 ms scroll. Loaded with
 * the first anchor followed (link-behaviours.ts) or with swup (navigation.ts), in a file of its own
 * (scripts/shell-chunk.mjs).
 */
import { findAnchorTarget } from "./anchor-target";
import { ANCHOR_SCROLL_DURATION_MS } from "./constants";

/** Opens the collapse, tab pane or details element that hides a target, so it can be seen. */
export function revealTarget(target: Element): void {
  for (let node: Element | null = target; node; node = node.parentElement) {
    if (node instanceof HTMLDetailsElement) node.open = true;
    if (node.classList.contains("collapse") && !node.classList.contains("show")) {
      node.classList.add("show");
      for (const toggle of document.querySelectorAll(
        `[aria-controls="${node.id}"], [href="#${node.id}"][data-bs-toggle="collapse"]`,
      )) {
        toggle.setAttribute("aria-expanded", "true");
      }
    }
    if (node.classList.contains("tab-pane") && !node.classList.contains("active")) {
      for (const sibling of node.parentElement?.children ?? []) sibling.classList.remove("active", "show");
      node.classList.add("active", "show");
      for (const tab of document.querySelectorAll(`[data-bs-toggle="tab"], [role="tab"]`)) {
        const controls = tab.getAttribute("aria-controls") ?? tab.getAttribute("href")?.slice(1);
        if (!controls || !node.parentElement?.querySelector(`#${CSS.escape(controls)}`)) continue;
        const active = controls === node.id;
        tab.classList.toggle("active", active);
        tab.setAttribute("aria-selected", String(active));
      }
    }
  }
}

const ease = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/** Scrolls smoothly to an element over the spec's 800 ms (instantly when the visitor prefers less motion). */
export function scrollToElement(target: Element, duration = ANCHOR_SCROLL_DURATION_MS): Promise<void> {
  const start = window.scrollY;
  const end = Math.max(
    0,
    start + target.getBoundingClientRect().top - (Number.parseFloat(getComputedStyle(target).scrollMarginTop) || 0),
  );
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches || duration <= 0) {
    window.scrollTo(0, end);
    return Promise.resolve();
  }
  const began = performance.now();
  return new Promise((resolve) => {
    const step = (now: number) => {
      const progress = Math.min(1, (now - began) / duration);
      window.scrollTo(0, start + (end - start) * ease(progress));
      if (progress < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}

/** Reveal, then scroll; focus moves to the target for keyboard and screen-reader users. */
export function goToAnchor(hash: string): boolean {
  const target = findAnchorTarget(hash);
  if (!target) return false;
  revealTarget(target);
  void scrollToElement(target).then(() => {
    if (!target.hasAttribute("tabindex") && !target.matches("a, button, input, select, textarea"))
      target.setAttribute("tabindex", "-1");
    (target as HTMLElement).focus({ preventScroll: true });
  });
  return true;
}
