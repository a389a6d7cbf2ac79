import type { Options } from "@splidejs/splide";
import { mountCarousel } from "~/shell/carousel";
import { connectControllers } from "~/shell/controllers";
import { openableLightbox } from "~/shell/lightbox";
import { $variants } from "./variant.store";

/**
 * Spec 001 page chrome: on the product page, photo thumbnails show 4 vertically beside the photo, or 1
 * faded on small screens. Spec 001 section 9, the product gallery widget (ProductPhotosGallery): 5
 * thumbnails scrolling 1, and 1 thumbnail, infinite, on small screens. The layout is chosen when the
 * gallery mounts.
 */
export const THUMBS_PER_PAGE = 4;
export const WIDGET_THUMBS_PER_PAGE = 5;
const SMALL_SCREEN_PX = 600;
const THUMB_PX = 80;
const THUMB_GAP_PX = 8;

export function thumbOptions(small: boolean, layout: "page" | "widget" = "page"): Options {
  const shared: Options = { perMove: 1, pagination: false, isNavigation: true, gap: `${THUMB_GAP_PX}px` };
  if (layout === "widget")
    return small ? { ...shared, type: "loop", perPage: 1 } : { ...shared, perPage: WIDGET_THUMBS_PER_PAGE };
  if (small) return { ...shared, type: "fade", perPage: 1, rewind: true };
  return {
    ...shared,
    direction: "ttb",
    perPage: THUMBS_PER_PAGE,
    height: `${THUMBS_PER_PAGE * THUMB_PX + (THUMBS_PER_PAGE - 1) * THUMB_GAP_PX}px`,
    arrows: false,
  };
}

/**
 * Product photos as a carousel with synced thumbnails and a glightbox lightbox (keyboard: arrows,
 * Escape; focus returns to the photo). Follows the chosen colour: the first photo of the colour of the
 * variant in $variants is shown.
 */
export default async function connect(root: HTMLElement): Promise<void> {
  const mainRoot = root.querySelector<HTMLElement>(".product-gallery__main");
  if (!mainRoot) return;
  const thumbsRoot = root.querySelector<HTMLElement>(".product-gallery__thumbs");
  // Thumbnails become Splide's navigation buttons: the no-JavaScript anchors inside would nest controls.
  for (const anchor of thumbsRoot?.querySelectorAll("a[data-thumb]") ?? []) anchor.replaceWith(...anchor.childNodes);

  const main = await mountCarousel(mainRoot, { type: "fade", rewind: true, pagination: false, arrows: true });
  if (thumbsRoot) {
    const small = window.matchMedia(`(max-width: ${SMALL_SCREEN_PX}px)`).matches;
    const thumbs = await mountCarousel(
      thumbsRoot,
      thumbOptions(small, root.dataset.layout === "widget" ? "widget" : "page"),
    );
    main.sync(thumbs);
    main.mount();
    thumbs.mount();
    // Splide marks the stacked list vertical, but its role is presentation, where the attribute is
    // not allowed (axe: aria-allowed-attr); the thumbnails are buttons in order either way.
    const dropOrientation = () => thumbsRoot.querySelector(".splide__list")?.removeAttribute("aria-orientation");
    dropOrientation();
    thumbs.on("refresh updated", dropOrientation);
  } else main.mount();

  const links = [...mainRoot.querySelectorAll<HTMLAnchorElement>("a.product-gallery__zoom")];
  const lightbox = await openableLightbox(links, root);
  mainRoot.addEventListener("click", (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a.product-gallery__zoom");
    if (!link) return;
    event.preventDefault();
    lightbox.openAt(links.indexOf(link));
  });
  lightbox.on("close", () => links[main.index]?.focus());

  const productId = root.dataset.productId ?? "";
  if (root.dataset.layout === "widget") replaceOnNewPhotos(root, productId);
  $variants.subscribe((variants) => {
    const choice = variants[productId];
    if (!choice) return;
    const chosen = new Set(choice.ProductVariantAttributesViewModel.map((a) => String(a.Value ?? "")));
    const slides = [...mainRoot.querySelectorAll<HTMLElement>(".splide__slide:not(.splide__slide--clone)")];
    const index = slides.findIndex((slide) => slide.dataset.valueId && chosen.has(slide.dataset.valueId));
    if (index >= 0 && index !== main.index) main.go(index);
  });
}

/** The photos of a gallery, in order (Splide's loop clones left out). */
function photoOrder(root: ParentNode): string {
  return [
    ...root.querySelectorAll<HTMLAnchorElement>(".splide__slide:not(.splide__slide--clone) a.product-gallery__zoom"),
  ]
    .map((link) => link.getAttribute("href"))
    .join(" ");
}

/**
 * The gallery widget takes the gallery HTML of the variant answer (GalleryHtml, spec 001 section 3)
 * when the chosen variant's photos come in another order: one answer, no second request.
 */
function replaceOnNewPhotos(root: HTMLElement, productId: string): void {
  const stop = $variants.listen((variants) => {
    const html = variants[productId]?.ProductVariantViewModel.GalleryHtml;
    if (!root.isConnected) return stop();
    if (!html) return;
    const fresh = new DOMParser().parseFromString(html, "text/html").querySelector<HTMLElement>(".product-gallery");
    if (!fresh || photoOrder(fresh) === photoOrder(root)) return;
    stop();
    const parent = root.parentElement;
    root.replaceWith(fresh);
    if (parent) connectControllers(parent);
  });
}
