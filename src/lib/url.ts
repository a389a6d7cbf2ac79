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
    const result = `${url.pathname}${url.search}${url.hash}`;
    // Normalising can make a protocol-relative URL of a harmless-looking path ("/.//evil", "/%2e%2e//evil"):
    // what we answer is judged, not only what we were given.
    if (!result.startsWith("/") || result.startsWith("//") || result.includes("\\")) return fallback;
    if (new URL(result, BASE).origin !== BASE) return fallback;
    return result;
  } catch {
    return fallback;
  }
}

/**
 * A link to a page of this site as an editor or an island's props give it: a path, never one a browser
 * would read as another host (`//evil`, `/\evil`: browsers take a backslash for a slash), no spaces or
 * control characters. Unlike `safeReturnUrl` it is not normalised (templates such as `/{culture}/news`).
 */
export function isSitePath(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\s\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    return new URL(value, BASE).origin === BASE;
  } catch {
    return false;
  }
}

/** decodeURIComponent that answers the text unchanged when it is not valid percent-encoding. */
export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The sign-in page that comes back to `returnUrl` (pages that need a signed-in customer send guests there). */
export function signInPath(culture: string, returnUrl: string): string {
  return `/${culture}/security/login?returnUrl=${encodeURIComponent(returnUrl)}`;
}

/**
 * A legal page by its key (`terms`, `privacy`, `withdrawal`, `legal-notice`): the address the footer, the
 * checkout and the mails link to, whatever slug the editors gave the page.
 */
export function legalPath(culture: string, key: string): string {
  return `/${culture}/legal/${key}`;
}

/** Single slashes between letters, digits, dashes and underscores; no query, fragment, dot or escape. */
const PLAIN_PATHNAME = /^(?:\/[A-Za-z0-9_-]+)*\/?$/;

/**
 * A request's address as its own pathname, when the URL parser would change none of its characters (no
 * query, dot segment, escape or doubled slash); null otherwise: parse it. The static files' check and the
 * page cache's key skip the parse this way on every cached page's answer.
 */
export function plainPathname(requestUrl: string): string | null {
  return requestUrl.startsWith("/") && PLAIN_PATHNAME.test(requestUrl) ? requestUrl : null;
}
