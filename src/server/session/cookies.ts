import type { AstroCookies } from "astro";
import { env } from "../config/env";
import { COUNTRY_COOKIE, countryCookieOptions, countryCookieToSend } from "./country-preference";
import { SESSION_COOKIE, type Session, sessionCookieOptions } from "./session";

/** Writes the session cookie after a page changed the session (sign-in, sign-out). */
export function commitSessionCookie(cookies: AstroCookies, session: Session): void {
  if (session.id) {
    const { maxAge, ...rest } = sessionCookieOptions(session);
    cookies.set(SESSION_COOKIE, session.id, { ...rest, sameSite: "lax", maxAge });
  } else {
    cookies.delete(SESSION_COOKIE, { path: "/" });
  }
}

/** The session's country, when the request's country cookie does not say it (decision 062). */
export function sendCountryCookie(
  cookies: AstroCookies,
  session: Session,
  cookieValue: string | undefined,
  addressCountry: string | null = null,
): void {
  const code = countryCookieToSend(session.data, cookieValue, addressCountry);
  if (!code) return;
  const { sameSite: _sameSite, ...rest } = countryCookieOptions(env().cookieSecure);
  cookies.set(COUNTRY_COOKIE, code, { ...rest, sameSite: "lax" });
}
