import { carouselLabels, mountCarousel } from "../../../shell/carousel";
import { loadStylesheet } from "../../../shell/stylesheets";
import { $variants } from "./variant.store";

/** Spec 001 section 9: 5 thumbnails scrolling 1; on small screens 1 thumbnail, infinite. */
const THUMBS_PER_PAGE = 5;
const SMALL_SCREEN_PX = 600;

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
    const thumbs = await mountCarousel(thumbsRoot, {
      perPage: THUMBS_PER_PAGE,
      perMove: 1,
      gap: "0.5rem",
      pagination: false,
      isNavigation: true,
      breakpoints: { [SMALL_SCREEN_PX]: { perPage: 1, type: "loop" } },
    });
    main.sync(thumbs);
    main.mount();
    thumbs.mount();
    // Looping thumbnails place their clones from the first measure; measure again once laid out.
    requestAnimationFrame(() => thumbs.refresh());
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
