import type { Options } from "@splidejs/splide";
import { carouselLabels, mountCarousel } from "../../../shell/carousel";
import { loadStylesheet } from "../../../shell/stylesheets";
import { $variants } from "./variant.store";

/**
 * Spec 001 page chrome: product photo thumbnails show 4 vertically beside the photo, or 1 faded on small
 * screens. (Its catalogue widget list says 5 scrolling 1; the issue and the chrome's settings chose 4
 * vertical.) The layout is chosen when the gallery mounts.
 */
export const THUMBS_PER_PAGE = 4;
const SMALL_SCREEN_PX = 600;
const THUMB_PX = 80;
const THUMB_GAP_PX = 8;

function thumbOptions(small: boolean): Options {
  const shared: Options = { perMove: 1, pagination: false, isNavigation: true, gap: `${THUMB_GAP_PX}px` };
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
    const thumbs = await mountCarousel(thumbsRoot, thumbOptions(small));
    main.sync(thumbs);
    main.mount();
    thumbs.mount();
    // Splide marks the stacked list vertical, but its role is presentation, where the attribute is
    // not allowed (axe: aria-allowed-attr); the thumbnails are buttons in order either way.
    const dropOrientation = () => thumbsRoot.querySelector(".splide__list")?.removeAttribute("aria-orientation");
    dropOrientation();
    thumbs.on("refresh updated", dropOrientation);
  } else main.mount();

  const labels = carouselLabels(root);
  const [{ default: GLightbox }] = await Promise.all([
    import("glightbox"),
    import("glightbox/dist/css/glightbox.min.css?url").then(({ default: href }) => loadStylesheet(href)),
  ]);
  const links = [...mainRoot.querySelectorAll<HTMLAnchorElement>("a.product-gallery__zoom")];
  const lightbox = GLightbox({
    // The published types declare `elements` as an empty tuple; the library takes slide objects.
    elements: links.map((link) => ({
      href: link.href,
      type: "image",
      alt: link.querySelector("img")?.alt ?? "",
    })) as [],
    keyboardNavigation: true,
    loop: true,
    lightboxHTML: lightboxHtml(labels),
  });
  mainRoot.addEventListener("click", (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a.product-gallery__zoom");
    if (!link) return;
    event.preventDefault();
    lightbox.openAt(links.indexOf(link));
  });
  lightbox.on("close", () => links[main.index]?.focus());

  const productId = root.dataset.productId ?? "";
  $variants.subscribe((variants) => {
    const choice = variants[productId];
    if (!choice) return;
    const chosen = new Set(choice.ProductVariantAttributesViewModel.map((a) => String(a.Value ?? "")));
    const slides = [...mainRoot.querySelectorAll<HTMLElement>(".splide__slide:not(.splide__slide--clone)")];
    const index = slides.findIndex((slide) => slide.dataset.valueId && chosen.has(slide.dataset.valueId));
    if (index >= 0 && index !== main.index) main.go(index);
  });
}

function lightboxHtml(labels: Record<string, string>): string {
  const attribute = (text = "") => text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<div id="glightbox-body" class="glightbox-container" tabindex="-1" role="dialog" aria-modal="true" aria-hidden="false">
<div class="gloader visible"></div><div class="goverlay"></div>
<div class="gcontainer"><div id="glightbox-slider" class="gslider"></div>
<button class="gclose gbtn" aria-label="${attribute(labels.close)}" data-taborder="3">{closeSVG}</button>
<button class="gprev gbtn" aria-label="${attribute(labels.prev)}" data-taborder="2">{prevSVG}</button>
<button class="gnext gbtn" aria-label="${attribute(labels.next)}" data-taborder="1">{nextSVG}</button>
</div></div>`;
}
