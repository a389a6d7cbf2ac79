import { createHash } from "node:crypto";
import { env } from "../config/env";

/** A CSP source allowing one inline script by its text. */
export function inlineScriptHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

interface InlineScripts {
  hashes: Set<string>;
  /** Every inline script the framework can emit is known (the production server read its build). */
  complete: boolean;
}

// On globalThis: the production server (dist/main.mjs) and Astro's bundle each have their own copy of
// this module, and both register scripts.
const shared = globalThis as { vitrineInlineScripts?: InlineScripts };
shared.vitrineInlineScripts ??= { hashes: new Set(), complete: false };
const registry: InlineScripts = shared.vitrineInlineScripts;

/**
 * Allows these inline scripts (by hash) in the Content-Security-Policy. `complete` says that no other
 * inline script is legitimate: then 'unsafe-inline' is dropped and an injected script does not run.
 */
export function registerInlineScripts(texts: Iterable<string>, options: { complete?: boolean } = {}): void {
  for (const text of texts) registry.hashes.add(inlineScriptHash(text));
  if (options.complete) registry.complete = true;
  cached = undefined;
  withPageScripts.clear();
}

/**
 * Security headers for every response (DESIGN.md section 8). `extraOrigins` are the hosts a configured
 * map style (MAP_STYLES, MAP_STYLE_URL) loads its style, tiles, sprites and glyphs from.
 */
export function securityHeaders(
  extraOrigins: readonly string[] = [],
  scriptHashes: readonly string[] | null = null,
  tagManagerOrigin: string | null = null,
  paymentOrigins: readonly string[] = [],
  formActionOrigins: readonly string[] = [],
): Record<string, string> {
  // A payment provider's drop-in (Adyen Web): its script, styles, card-field frames and API, on the payment page only.
  const pay = paymentOrigins.length ? ` ${paymentOrigins.join(" ")}` : "";
  // A configured tag manager (TAG_MANAGER_ID): its script, its beacons and pixels; nothing when unset.
  const tags = tagManagerOrigin ? ` ${tagManagerOrigin}` : "";
  const extra = `${extraOrigins.length ? ` ${extraOrigins.join(" ")}` : ""}${tags}`;
  // Our head and boot scripts are inline (Astro's island loader and directives are not, decision 079):
  // allowed by hash once all of them are known (production), else (the dev server) inline is allowed.
  const inline = scriptHashes ? scriptHashes.join(" ") : "'unsafe-inline'";
  return {
    "Content-Security-Policy": [
      "default-src 'self'",
      `script-src 'self' ${inline}${tags}${pay}`,
      `style-src 'self' 'unsafe-inline'${pay}`,
      `img-src 'self' data: blob:${extra}${pay}`,
      "font-src 'self'",
      `connect-src 'self'${extra}${pay}`,
      // MapLibre's worker is one of our own files.
      "worker-src 'self'",
      // Banner and content videos (features/banners VIDEO_ORIGINS), loaded only with consent or on a click.
      `frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com${pay}`,
      "frame-ancestors 'self'",
      "base-uri 'self'",
      // A provider's own payment page (Mollie) is where the checkout's form ends, through redirects.
      `form-action 'self'${formActionOrigins.length ? ` ${formActionOrigins.join(" ")}` : ""}`,
      "object-src 'none'",
    ].join("; "),
    // Our pages share no window with another site's; a provider's payment popup keeps its opener.
    "Cross-Origin-Opener-Policy": paymentOrigins.length ? "same-origin-allow-popups" : "same-origin",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(self), payment=(self)",
  };
}

let cached: Record<string, string> | undefined;
/** The headers with a page's own script hashes (the shop's consent-gated scripts), by those hashes. */
const withPageScripts = new Map<string, Record<string, string>>();

/**
 * Sets the security headers a response lacks. `pageScripts`: hashes of inline scripts this page carries
 * besides the framework's (production only: the dev server allows every inline script anyway).
 */
export function applySecurityHeaders(
  headers: Headers,
  pageScripts: readonly string[] = [],
  origins: { payment?: readonly string[]; formAction?: readonly string[] } = {},
): void {
  const chosen =
    origins.payment?.length || origins.formAction?.length
      ? build(pageScripts, origins)
      : pageSecurityHeaders(pageScripts);
  for (const [name, value] of Object.entries(chosen)) {
    if (!headers.has(name)) headers.set(name, value);
  }
}

/**
 * Strict-Transport-Security once the shop is served over TLS at a public address: browsers then never
 * ask it over plain http again. None on http or a loopback address (a developer's machine).
 */
export function transportHeaders(settings: {
  siteUrl: string;
  publicSite: boolean;
  HSTS_MAX_AGE: number;
  HSTS_PRELOAD: boolean;
}): Record<string, string> {
  if (!settings.publicSite || !settings.siteUrl.startsWith("https://") || settings.HSTS_MAX_AGE === 0) return {};
  const preload = settings.HSTS_PRELOAD ? "; includeSubDomains; preload" : "";
  return { "Strict-Transport-Security": `max-age=${settings.HSTS_MAX_AGE}${preload}` };
}

/** The headers with this page's own script hashes and, for the payment pages, a provider's origins. */
function build(
  extra: readonly string[],
  origins: { payment?: readonly string[]; formAction?: readonly string[] } = {},
): Record<string, string> {
  return {
    ...securityHeaders(
      mapOrigins(env().mapStyles.map((style) => style.url)),
      registry.complete ? [...new Set([...registry.hashes, ...extra])].sort() : null,
      env().TAG_MANAGER_ID ? new URL(env().TAG_MANAGER_ORIGIN).origin : null,
      origins.payment ?? [],
      origins.formAction ?? [],
    ),
    ...transportHeaders(env()),
  };
}

function pageSecurityHeaders(pageScripts: readonly string[]): Record<string, string> {
  cached ??= build([]);
  let chosen = cached;
  if (pageScripts.length > 0 && registry.complete) {
    const key = pageScripts.join(" ");
    chosen = withPageScripts.get(key) ?? build(pageScripts);
    if (withPageScripts.size >= 16) withPageScripts.clear();
    withPageScripts.set(key, chosen);
  }
  return chosen;
}

/** The origins of the configured map styles: their tiles usually come from the same hosts. */
export function mapOrigins(styleUrls: readonly string[]): string[] {
  return [...new Set(styleUrls.map((url) => new URL(url).origin))];
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every state change must come from our own pages: the Origin header (or, failing that, the Referer)
 * must be this site. A request without either is refused, as browsers always send one on POST.
 */
export function isSameOriginRequest(request: Request, allowedOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const own = new URL(request.url).origin;
  const origin = request.headers.get("origin");
  const source = origin && origin !== "null" ? origin : refererOrigin(request.headers.get("referer"));
  return source !== null && (source === own || allowedOrigins.includes(source));
}

function refererOrigin(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}
