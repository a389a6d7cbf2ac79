import type { Options, Splide } from "@splidejs/splide";

/**
 * Splide, loaded the first time a page holds a carousel, with its interface texts in the page's
 * language (the `data-carousel-labels` attribute the server writes on the carousel or its container).
 */
export async function mountCarousel(root: HTMLElement, options: Options): Promise<Splide> {
  // Its layout CSS is already in the page (PageFrame.astro): measuring before a late stylesheet applied
  // placed looping thumbnails off centre.
  const { Splide } = await import("@splidejs/splide");
  const splide = new Splide(root, { i18n: carouselLabels(root), ...options });
  return splide;
}

export function carouselLabels(element: HTMLElement): Record<string, string> {
  const source = element.closest<HTMLElement>("[data-carousel-labels]")?.dataset.carouselLabels;
  try {
    return source ? (JSON.parse(source) as Record<string, string>) : {};
  } catch {
    return {};
  }
}
