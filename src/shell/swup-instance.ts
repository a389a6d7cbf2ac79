import type Swup from "swup";

/**
 * The swup instance the shell starts on the first intent (window.swup, swup-start.ts), or null
 * before. Without main.ts, window.swup would be <main id="swup"> itself (named element access): check
 * for swup's hooks.
 */
export function swupInstance(): Swup | null {
  const candidate = (window as unknown as { swup?: Swup }).swup;
  return candidate && typeof candidate.hooks?.on === "function" ? candidate : null;
}
