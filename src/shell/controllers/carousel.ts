import type { Options } from "@splidejs/splide";
import { mountCarousel } from "../carousel";

/**
 * Spec 001 section 9: per-view counts by breakpoint (Splide breakpoints are max-widths). Autoplay every
 * 5000 ms; logos glide with a 2500 ms speed; the hero fades in 1500 ms with dots.
 */
export const AUTOPLAY_INTERVAL_MS = 5000;
export const LOGO_SPEED_MS = 2500;
export const HERO_FADE_MS = 1500;
const ROW: Options = { perMove: 1, gap: "1rem", pagination: false, autoplay: true, interval: AUTOPLAY_INTERVAL_MS };

export const CAROUSEL_OPTIONS: Record<string, Options> = {
  logos: {
    ...ROW,
    rewind: true,
    perPage: 7,
    speed: LOGO_SPEED_MS,
    breakpoints: { 1199: { perPage: 5 }, 1023: { perPage: 4 }, 599: { perPage: 2 } },
  },
  brands: {
    ...ROW,
    perPage: 9,
    breakpoints: {
      1279: { perPage: 7 },
      1023: { perPage: 5 },
      767: { perPage: 4 },
      599: { perPage: 3 },
      479: { perPage: 2 },
    },
  },
  products: { ...ROW, perPage: 4, breakpoints: { 1023: { perPage: 3 }, 767: { perPage: 2 }, 479: { perPage: 1 } } },
  news: { ...ROW, perPage: 3, breakpoints: { 1023: { perPage: 2 }, 599: { perPage: 1 } } },
  hero: {
    type: "fade",
    rewind: true,
    speed: HERO_FADE_MS,
    pagination: true,
    arrows: false,
    autoplay: true,
    interval: AUTOPLAY_INTERVAL_MS,
  },
};

/** Mounts the carousel of its kind; autoplay pauses on hover and focus and has a play/pause button. */
export default async function connect(root: HTMLElement): Promise<void> {
  const options = CAROUSEL_OPTIONS[root.dataset.carousel ?? ""];
  if (!options) {
    console.warn(`Unknown carousel kind: ${root.dataset.carousel}`);
    return;
  }
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const splide = await mountCarousel(root, {
    ...options,
    autoplay: options.autoplay && !reduced,
    pauseOnHover: true,
    pauseOnFocus: true,
  });
  const toggle = root.querySelector<HTMLButtonElement>(".carousel__toggle");
  if (toggle) toggle.hidden = !options.autoplay;
  splide.mount();
  root.dataset.carouselMounted = "true";
}
