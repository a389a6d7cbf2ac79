import { BIGGER_LINK_SCROLL_PREVENTION_MS } from "../constants";

/**
 * A whole block acts as its main link; a click that ends a scroll (within 500 ms, as on touch screens)
 * is not taken for a click on the block.
 */
let lastScroll = 0;
let listening = false;

export default function connect(block: HTMLElement): void {
  if (!listening) {
    listening = true;
    window.addEventListener(
      "scroll",
      () => {
        lastScroll = performance.now();
      },
      { passive: true },
    );
  }
  block.style.cursor = "pointer";
  block.addEventListener("click", (event) => {
    const target = event.target as Element;
    if (target.closest("a, button, input, select, textarea, label")) return;
    if (performance.now() - lastScroll < BIGGER_LINK_SCROLL_PREVENTION_MS) return;
    const link = block.querySelector<HTMLAnchorElement>("a[href]");
    link?.click();
  });
}
