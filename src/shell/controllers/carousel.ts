import type { Options } from "@splidejs/splide";
import { mountCarousel } from "../carousel";

/**
 * Spec 001 section 9. How many slides show at each width is said once, in CSS (`--per-view` per kind
 * and breakpoint, global.css): the row has those widths before Splide mounts (nothing moves when it
 * does) and Splide reads its `perPage` from there. Autoplay every 5000 ms; logos glide with a 2500 ms
 * speed; the hero fades in 1500 ms with dots.
 */
export const AUTOPLAY_INTERVAL_MS = 5000;
export const LOGO_SPEED_MS = 2500;
export const HERO_FADE_MS = 1500;
const ROW: Options = { perMove: 1, gap: "1rem", pagination: false, autoplay: true, interval: AUTOPLAY_INTERVAL_MS };

export const CAROUSEL_OPTIONS: Record<string, Options> = {
  logos: { ...ROW, rewind: true, speed: LOGO_SPEED_MS },
  brand: ROW,
  brands: ROW,
  products: ROW,
  news: ROW,
  // A news ticker: one title at a time, autoplay, dots, no arrows (spec 001 section 9).
  ticker: { rewind: true, perPage: 1, pagination: true, arrows: false, autoplay: true, interval: AUTOPLAY_INTERVAL_MS },
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

function perView(root: HTMLElement): number {
  return Number.parseInt(getComputedStyle(root).getPropertyValue("--per-view"), 10) || 1;
}

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
    ...(options.type === "fade" || options.perPage ? {} : { perPage: perView(root) }),
    autoplay: options.autoplay && !reduced,
    pauseOnHover: true,
    pauseOnFocus: true,
  });
  const toggle = root.querySelector<HTMLButtonElement>(".carousel__toggle");
  if (toggle) toggle.hidden = !options.autoplay;
  splide.mount();
  root.dataset.carouselMounted = "true";
  if (options.type === "fade" || options.perPage) return;
  // Crossing a breakpoint changes --per-view: Splide follows, until a page swap takes the carousel away.
  const gone = new AbortController();
  window.addEventListener(
    "resize",
    () => {
      if (!root.isConnected) return gone.abort();
      const count = perView(root);
      if (count !== splide.options.perPage) splide.options = { perPage: count };
    },
    { signal: gone.signal },
  );
}
