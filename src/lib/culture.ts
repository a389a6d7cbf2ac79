/** The six shopper cultures; every page lives under one of them. */
export const CULTURES = ["fr", "nl", "es", "de", "it", "pt"] as const;
export type Culture = (typeof CULTURES)[number];

export function isCulture(value: unknown): value is Culture {
  return typeof value === "string" && (CULTURES as readonly string[]).includes(value);
}

/** Intl locale used for numbers, money and dates: a Belgian shop, so fr and nl format as in Belgium. */
export const INTL_LOCALE: Record<Culture, string> = {
  fr: "fr-BE",
  nl: "nl-BE",
  es: "es-ES",
  de: "de-DE",
  it: "it-IT",
  pt: "pt-PT",
};

/**
 * Picks the best supported culture from an Accept-Language header (RFC 9110 quality values).
 * Region subtags match their language (nl-NL -> nl); ties keep header order.
 */
export function pickCulture(acceptLanguage: string | null | undefined, fallback: Culture): Culture {
  if (!acceptLanguage) return fallback;
  const ranked = acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { lang: tag.toLowerCase().split("-")[0] ?? "", quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    if (isCulture(entry.lang)) return entry.lang;
  }
  return fallback;
}

/** Replaces the culture segment of a path (`/fr/catalog` -> `/nl/catalog`); keeps the rest as is. */
export function replaceCultureSegment(pathname: string, culture: Culture): string {
  const parts = pathname.split("/");
  if (isCulture(parts[1])) {
    parts[1] = culture;
    return parts.join("/");
  }
  return `/${culture}${pathname === "/" ? "/" : pathname}`;
}

/**
 * The culture of a request, decided the same way for pages and the API: the one it asks for (the
 * address's first segment, the `culture` query or the `X-Culture` header) when it is one of ours, else
 * the visitor's Accept-Language, else the shop's default.
 */
export function requestCulture(
  asked: string | null | undefined,
  acceptLanguage: string | null | undefined,
  fallback: Culture,
): Culture {
  return isCulture(asked) ? asked : pickCulture(acceptLanguage, fallback);
}
