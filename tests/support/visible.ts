import type { Locator } from "@playwright/test";

/**
 * Why a person would not see this element now, or null when they would: an image must have loaded
 * (`naturalWidth > 0`); the element and every ancestor must be rendered (no `display: none`, no
 * `visibility: hidden`, no zero opacity); it must have a size; and, with `inFirstScreen`, sit at least
 * partly in the first screen (the viewport before any scrolling).
 */
export async function whyNotVisible(
  locator: Locator,
  options: { inFirstScreen?: boolean } = {},
): Promise<string | null> {
  return locator.evaluate((element, inFirstScreen) => {
    if (element instanceof HTMLImageElement) {
      if (!element.complete) return "the image has not loaded";
      if (element.naturalWidth === 0) return "the image is broken (naturalWidth 0)";
    }
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const name = `${node.tagName.toLowerCase()}${node.className && typeof node.className === "string" ? `.${node.className.trim().split(/\s+/).join(".")}` : ""}`;
      if (style.display === "none") return `${name} has display: none`;
      if (style.visibility === "hidden" || style.visibility === "collapse")
        return `${name} has visibility: ${style.visibility}`;
      if (Number.parseFloat(style.opacity) === 0) return `${name} has opacity 0`;
    }
    const box = element.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) return `it has no size (${box.width}×${box.height})`;
    if (inFirstScreen) {
      const inside = box.top < innerHeight && box.bottom > 0 && box.left < innerWidth && box.right > 0;
      if (!inside) return `it is outside the first screen (top ${Math.round(box.top)}, left ${Math.round(box.left)})`;
    }
    return null;
  }, options.inFirstScreen ?? false);
}
