import type { Options } from "@splidejs/splide";
import { mountCarousel } from "../carousel";

/** Spec 001 section 9: per-view counts by breakpoint (Splide breakpoints are max-widths). */
const ROW: Options = { perMove: 1, gap: "1rem", pagination: false, autoplay: true, interval: 5000 };
const SMALLER = { 1023: { perPage: 3 }, 599: { perPage: 2 }, 479: { perPage: 1 } };

export const CAROUSEL_OPTIONS: Record<string, Options> = {
  brands: { ...ROW, perPage: 6, breakpoints: SMALLER },
  products: { ...ROW, perPage: 4, breakpoints: SMALLER },
  hero: { type: "fade", rewind: true, speed: 1500, pagination: true, arrows: false, autoplay: true, interval: 5000 },
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
