import { env } from "../config/env";

/**
 * Security headers for every response (DESIGN.md section 8). `extraOrigins` are the hosts a configured
 * map style (MAP_STYLE_URL) loads its style, tiles, sprites and glyphs from.
 */
export function securityHeaders(extraOrigins: readonly string[] = []): Record<string, string> {
  const extra = extraOrigins.length ? ` ${extraOrigins.join(" ")}` : "";
  return {
    "Content-Security-Policy": [
      "default-src 'self'",
      // Astro's island loader and swup's bootstrap are small inline scripts.
      "script-src 'self' 'unsafe-inline'",
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob:${extra}`,
      "font-src 'self'",
      `connect-src 'self'${extra}`,
      // MapLibre's worker is one of our own files.
      "worker-src 'self'",
      "frame-ancestors 'self'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join("; "),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(self), payment=(self)",
  };
}

let cached: Record<string, string> | undefined;

export function applySecurityHeaders(headers: Headers): void {
  cached ??= securityHeaders(mapOrigins(env().MAP_STYLE_URL));
  for (const [name, value] of Object.entries(cached)) {
    if (!headers.has(name)) headers.set(name, value);
  }
}

/** The origin of the configured map style: its tiles usually come from the same host. */
export function mapOrigins(styleUrl: string | undefined): string[] {
  return styleUrl ? [new URL(styleUrl).origin] : [];
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
