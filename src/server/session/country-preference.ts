/**
 * The shopper's current country (the header's selector, the cart's shipping country): the prices shown
 * include its VAT. It is kept in the session and mirrored in a cookie of its own, so a page that is the
 * same for every shopper of a country is found in the page cache by that cookie, without reading the
 * session (decision 062).
 */
export const CURRENT_COUNTRY_KEY = "currentCountry";
export const COUNTRY_COOKIE = "vitrine_country";
/** A year: the choice outlives the session, as a preference does. */
export const COUNTRY_COOKIE_SECONDS = 365 * 24 * 3600;

const CODE = /^[A-Z]{2}$/;

/** An ISO code, or null for anything else a cookie may hold. */
export function countryCode(value: unknown): string | null {
  return typeof value === "string" && CODE.test(value) ? value : null;
}

/**
 * The session's country when the cookie does not say it yet (or says another): the cookie to send.
 * Without a choice in the session, the country the page's address named (a feed's link) is sent.
 */
export function countryCookieToSend(
  data: Record<string, unknown>,
  cookieValue: string | undefined | null,
  addressCountry: string | null = null,
): string | null {
  const chosen = countryCode(data[CURRENT_COUNTRY_KEY]) ?? addressCountry;
  return chosen && chosen !== cookieValue ? chosen : null;
}

export function countryCookieOptions(secure: boolean) {
  return { path: "/", sameSite: "Lax" as const, secure, httpOnly: true, maxAge: COUNTRY_COOKIE_SECONDS };
}
