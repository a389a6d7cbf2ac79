import {
  CONSENT_CATEGORIES,
  CONSENT_COOKIE_LIFETIME_HOURS,
  CONSENT_COOKIE_NAME,
  type ConsentCategory,
} from "./consent";

/**
 * Every cookie the shop writes, by consent category: the privacy notice's cookie list is rendered from
 * this (the `cookie-list` island), and a test finds every cookie name the code writes and fails when one
 * is missing here, so the notice cannot drift from what the shop does. Third parties (the tag manager,
 * the editors' consent scripts, provider videos) are listed from their own settings beside it.
 */
export type CookieCategory = "necessary" | ConsentCategory;
export const COOKIE_CATEGORIES: readonly CookieCategory[] = ["necessary", ...CONSENT_CATEGORIES];

export interface DeclaredCookie {
  name: string;
  category: CookieCategory;
  /** Its purpose, an i18n key (Privacy.Cookie…). */
  purpose: string;
  /** How long it lives; `session` names one whose length is a setting (SESSION_TTL_HOURS). */
  lifetime: { hours: number } | { days: number } | { minutes: number } | "session";
}

export const DECLARED_COOKIES: readonly DeclaredCookie[] = [
  { name: "vitrine_sid", category: "necessary", purpose: "Privacy.CookieSession", lifetime: "session" },
  { name: "vitrine_flash", category: "necessary", purpose: "Privacy.CookieFlash", lifetime: { minutes: 5 } },
  {
    name: CONSENT_COOKIE_NAME,
    category: "necessary",
    purpose: "Privacy.CookieConsent",
    lifetime: { hours: CONSENT_COOKIE_LIFETIME_HOURS },
  },
  { name: "CookieLawAccepted", category: "necessary", purpose: "Privacy.CookieLaw", lifetime: { hours: 8760 } },
  { name: "vitrine_country", category: "necessary", purpose: "Privacy.CookieCountry", lifetime: { days: 365 } },
  { name: "vitrine_js", category: "necessary", purpose: "Privacy.CookieScripts", lifetime: { days: 365 } },
  { name: "Location", category: "preferences", purpose: "Privacy.CookieLocation", lifetime: { days: 30 } },
  { name: "PopupMemory", category: "preferences", purpose: "Privacy.CookiePopupMemory", lifetime: { days: 9999 } },
];

/** The declared cookies of a category, in the order above. */
export function cookiesOf(category: CookieCategory): DeclaredCookie[] {
  return DECLARED_COOKIES.filter((cookie) => cookie.category === category);
}
