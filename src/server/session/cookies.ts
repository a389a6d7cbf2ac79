import type { AstroCookies } from "astro";
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
