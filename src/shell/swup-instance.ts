import type Swup from "swup";

/**
 * The swup instance the shell starts after the first paint (window.swup, swup-start.ts), or null
 * before. Without main.ts, window.swup would be <main id="swup"> itself (named element access): check
 * for swup's hooks.
 */
export function swupInstance(): Swup | null {
  const candidate = (window as unknown as { swup?: Swup }).swup;
  return candidate && typeof candidate.hooks?.on === "function" ? candidate : null;
}

/** Goes to a page of this site: an Ajax visit once swup runs, a plain load before. */
export function visit(url: string): void {
  const swup = swupInstance();
  if (swup) void swup.navigate(url);
  else window.location.assign(url);
}
