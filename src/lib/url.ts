const BASE = "http://same.site";

/**
 * A return URL we may redirect to: a path on this site only. Absolute URLs, protocol-relative
 * "//evil", backslash tricks and control characters fall back to `fallback` (no open redirect).
 */
export function safeReturnUrl(candidate: string | null | undefined, fallback: string): string {
  if (!candidate || candidate.length > 2000) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
  if (!candidate.startsWith("/") || /[\\\u0000-\u001f]/.test(candidate) || candidate.startsWith("//")) return fallback;
  try {
    const url = new URL(candidate, BASE);
    if (url.origin !== BASE) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
