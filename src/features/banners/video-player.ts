import { allows, validConsent } from "~/features/consent/consent";
import { pageStamp, storedConsent } from "~/features/consent/consent.scripts";
import { playerCommand, VIDEO_ORIGINS, VIDEO_POLL_LIMIT, VIDEO_POLL_MS, type VideoProvider } from "./banners";

/**
 * Provider videos in the page. A player is a third-party request that may set the provider's cookies,
 * so it counts as marketing (shell consent rules): without that consent the server's placeholder stays
 * until the visitor clicks it (a consent for that one video); with it the player loads by itself when
 * it is wanted (the current banner slide).
 */
export function marketingAllowed(): boolean {
  return allows(validConsent(storedConsent(), pageStamp()), "marketing");
}

const ready = new WeakSet<HTMLIFrameElement>();

/** The player of a `.video` placeholder, made on first call (the placeholder's button and poster go). */
export function loadPlayer(video: HTMLElement): HTMLIFrameElement | null {
  const existing = video.querySelector("iframe");
  if (existing) return existing;
  const src = video.dataset.embedUrl;
  if (!src) return null;
  const iframe = document.createElement("iframe");
  iframe.src = src;
  iframe.title = video.dataset.videoTitle ?? "";
  iframe.allow = "autoplay; fullscreen; picture-in-picture; encrypted-media";
  iframe.setAttribute("allowfullscreen", "");
  iframe.addEventListener("load", () => ready.add(iframe), { once: true });
  video.querySelector(".video__placeholder")?.remove();
  video.append(iframe);
  video.dataset.videoLoaded = "true";
  return iframe;
}

/**
 * Plays or pauses a player. A player that is still loading cannot hear yet: the command is sent every
 * 100 ms (spec 001 "video player poll") until the frame has loaded, then once more.
 */
export function command(video: HTMLElement, play: boolean): void {
  const iframe = video.querySelector("iframe");
  const provider = video.dataset.videoProvider as VideoProvider | undefined;
  if (!iframe || !provider) return;
  const send = () => iframe.contentWindow?.postMessage(playerCommand(provider, play), VIDEO_ORIGINS[provider]);
  video.dataset.videoWanted = play ? "play" : "pause";
  let tries = 0;
  const poll = () => {
    if (video.dataset.videoWanted !== (play ? "play" : "pause") || !iframe.isConnected) return;
    send();
    if (!ready.has(iframe) && ++tries < VIDEO_POLL_LIMIT) window.setTimeout(poll, VIDEO_POLL_MS);
  };
  poll();
}
