import { carouselLabels } from "./carousel";
import { loadStylesheet } from "./stylesheets";

/**
 * A glightbox lightbox over photo links, with its buttons named in the page's language (the labels
 * of the closest `data-carousel-labels`): keyboard arrows and Escape, focus back on `onClose`.
 * Loaded on demand: glightbox and its stylesheet are not part of any first load.
 */
export async function openableLightbox(links: readonly HTMLAnchorElement[], from: HTMLElement) {
  const labels = carouselLabels(from);
  const [{ default: GLightbox }] = await Promise.all([
    import("glightbox"),
    import("glightbox/dist/css/glightbox.min.css?url").then(({ default: href }) => loadStylesheet(href)),
  ]);
  return GLightbox({
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
