import type { Culture } from "./culture";
import { translator } from "./i18n";

/** Splide's interface texts (arrows, pagination, slide labels) and the lightbox's close button, translated. */
const KEYS = [
  "prev",
  "next",
  "first",
  "last",
  "slideX",
  "pageX",
  "play",
  "pause",
  "carousel",
  "slide",
  "select",
  "slideLabel",
  "close",
] as const;

/** JSON for a `data-carousel-labels` attribute. */
export function carouselLabels(culture: Culture): string {
  const t = translator(culture);
  return JSON.stringify(Object.fromEntries(KEYS.map((key) => [key, t(`Carousel.${key}`)])));
}
