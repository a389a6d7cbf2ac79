import { dateTimeFormat } from "~/lib/intl";
/**
 * Banners, popups, countdowns and videos (spec 001): pure rules shared by the server and the browser.
 * No zod here.
 */

/** Spec 001 section 9 delays. */
export const POPUP_DELAY_MS = 3000;
export const COUNTDOWN_TICK_MS = 1000;
export const VIDEO_POLL_MS = 100;
/** How long the video controller keeps asking a player that is still loading (then it gives up). */
export const VIDEO_POLL_LIMIT = 100;

/**
 * The popup memory cookie (spec 001: a `notShow` list of entries, lifetime 9999 days). It remembers a
 * visitor's choice about the page's look, so it is a preferences cookie (decision 047): written only
 * with that consent, otherwise the memory lasts as long as the page session.
 */
export const POPUP_MEMORY_COOKIE = "PopupMemory";
export const POPUP_MEMORY_LIFETIME_DAYS = 9999;
export const POPUP_MEMORY_MAX_ENTRIES = 50;

export interface PopupMemoryEntry {
  id: string;
  datetime: string;
}

export function parsePopupMemory(raw: string | null | undefined): PopupMemoryEntry[] {
  if (!raw) return [];
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as { notShow?: unknown };
    if (!Array.isArray(value.notShow)) return [];
    return value.notShow
      .filter(
        (e): e is PopupMemoryEntry =>
          typeof e === "object" && e !== null && typeof e.id === "string" && typeof e.datetime === "string",
      )
      .slice(-POPUP_MEMORY_MAX_ENTRIES);
  } catch {
    return [];
  }
}

/** The memory with one more entry (an id already there moves to the end with its new time). */
export function rememberPopup(entries: readonly PopupMemoryEntry[], id: string, at: Date): PopupMemoryEntry[] {
  return [...entries.filter((e) => e.id !== id), { id, datetime: at.toISOString() }].slice(-POPUP_MEMORY_MAX_ENTRIES);
}

export function popupMemoryValue(entries: readonly PopupMemoryEntry[]): string {
  return encodeURIComponent(JSON.stringify({ notShow: entries }));
}

/** Ids in the memory are "popup-3" or "banner-2": one list for both kinds. */
export const memoryId = (kind: "popup" | "banner", id: number | string) => `${kind}-${id}`;

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  ended: boolean;
}

/** What is left until `end`, in whole units; zero and ended once it has passed. */
export function countdownParts(end: number, now: number): CountdownParts {
  const left = Math.max(0, Math.floor((end - now) / 1000));
  return {
    days: Math.floor(left / 86400),
    hours: Math.floor((left % 86400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    ended: end <= now,
  };
}

/** Spec 001 section 9: countdown dates read DD/MM/YYYY, in the shop's time zone (Brussels). */
export function countdownDate(end: Date): string {
  const parts = dateTimeFormat("en-GB", {
    timeZone: "Europe/Brussels",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).formatToParts(end);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("day")}/${get("month")}/${get("year")}`;
}

export const VIDEO_PROVIDERS = ["youtube", "vimeo"] as const;
export type VideoProvider = (typeof VIDEO_PROVIDERS)[number];

/** A provider's video id: YouTube's 11 characters, Vimeo's digits. */
export const VIDEO_ID_PATTERN: Record<VideoProvider, RegExp> = {
  youtube: /^[A-Za-z0-9_-]{11}$/,
  vimeo: /^\d{1,12}$/,
};

/** Where a provider's player lives (the CSP's frame-src lists these origins, and nothing else). */
export const VIDEO_ORIGINS: Record<VideoProvider, string> = {
  youtube: "https://www.youtube-nocookie.com",
  vimeo: "https://player.vimeo.com",
};

/**
 * The player's address. YouTube's answers play/pause commands (enablejsapi); Vimeo's videos loop, start
 * muted and restart at the end (spec 001 banner slider).
 */
export function embedUrl(provider: VideoProvider, id: string): string {
  return provider === "youtube"
    ? `${VIDEO_ORIGINS.youtube}/embed/${id}?enablejsapi=1&playsinline=1&rel=0`
    : `${VIDEO_ORIGINS.vimeo}/video/${id}?muted=1&loop=1&autopause=0&dnt=1`;
}

/** The video on the provider's own site: the link a visitor without JavaScript or consent may follow. */
export function watchUrl(provider: VideoProvider, id: string): string {
  return provider === "youtube" ? `https://www.youtube.com/watch?v=${id}` : `https://vimeo.com/${id}`;
}

/** The message that plays or pauses a provider's player. */
export function playerCommand(provider: VideoProvider, play: boolean): string | Record<string, string> {
  return provider === "youtube"
    ? JSON.stringify({ event: "command", func: play ? "playVideo" : "pauseVideo", args: [] })
    : { method: play ? "play" : "pause" };
}

export const BANNER_DURATION_MIN_MS = 1000;
export const BANNER_DURATION_MAX_MS = 60000;
export const BANNER_FADE_MS = 1500;
