import type { Splide } from "@splidejs/splide";
import { mountCarousel } from "~/shell/carousel";
import { command, loadPlayer, marketingAllowed } from "./video-player";

/**
 * The banner slider (spec 001): autoplay when the banner has a duration (paused on hover and focus),
 * optional fade, dots and arrows. A video slide plays when it becomes current and pauses when left
 * (with marketing consent the player loads by itself; without, its placeholder waits for a click).
 */
function videoOf(splide: Splide, index: number): HTMLElement | null {
  return splide.Components.Slides.getAt(index)?.slide.querySelector<HTMLElement>(".video") ?? null;
}

export default async function connect(root: HTMLElement): Promise<void> {
  const slider = root.querySelector<HTMLElement>("[data-banner-slider]");
  if (!slider) return;
  const duration = Number(root.dataset.bannerDuration) || 0;
  const fade = Number(root.dataset.bannerFade) || 0;
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const splide = await mountCarousel(slider, {
    // No "loop": its cloned slides would hold copies of the video players.
    type: fade ? "fade" : "slide",
    rewind: true,
    speed: fade || 400,
    perPage: 1,
    arrows: true,
    pagination: true,
    autoplay: duration > 0 && !reduced,
    interval: duration || undefined,
    pauseOnHover: true,
    pauseOnFocus: true,
  });
  const play = (index: number) => {
    const video = videoOf(splide, index);
    if (!video) return;
    if (!video.querySelector("iframe") && marketingAllowed()) loadPlayer(video);
    command(video, true);
  };
  splide.on("move", (_next, previous) => {
    const video = videoOf(splide, previous);
    if (video) command(video, false);
  });
  splide.on("moved", (index) => play(index));
  splide.mount();
  root.dataset.bannerMounted = "true";
  play(splide.index);
}
