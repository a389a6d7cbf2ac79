/**
 * Cookie consent (spec 000 sections 3, 4, 7, 9): pure rules shared by the server (which renders the
 * dialog open or closed and the Consent Mode defaults) and the browser. No zod here: this module is
 * part of every page's first load.
 */
export const CONSENT_CATEGORIES = ["preferences", "statistics", "marketing"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

export interface ConsentSettings {
  stamp: string;
  preferences: boolean;
  statistics: boolean;
  marketing: boolean;
}

/** Consent cookie (spec 000 section 9): name, path and lifetime (one year). */
export const CONSENT_COOKIE_NAME = "CookieConsent";
export const CONSENT_COOKIE_PATH = "/";
export const CONSENT_COOKIE_LIFETIME_HOURS = 8760;
export const CONSENT_COOKIE_MAX_AGE_SECONDS = CONSENT_COOKIE_LIFETIME_HOURS * 3600;

/**
 * Written once the visitor has chosen (by the head script, or at the choice): this browser runs scripts,
 * so a shared page's personal parts (name, cart, wishlist) can be left to it (decision 062); without it a
 * shopper with a session gets her page rendered for her. Before a choice no cookie is written at all.
 */
export const SCRIPT_COOKIE = "vitrine_js";
export const SCRIPT_COOKIE_MAX_AGE_SECONDS = 365 * 86400;

/** The stored settings, or null when the cookie is absent or not ours. */
export function parseConsent(raw: string | null | undefined): ConsentSettings | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw.startsWith("%7B") || raw.startsWith("%7b") ? decodeURIComponent(raw) : raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (typeof v.stamp !== "string" || v.stamp.length === 0 || v.stamp.length > 64) return null;
  if (!CONSENT_CATEGORIES.every((c) => typeof v[c] === "boolean")) return null;
  return {
    stamp: v.stamp,
    preferences: v.preferences as boolean,
    statistics: v.statistics as boolean,
    marketing: v.marketing as boolean,
  };
}

/** The prompt shows when nothing is stored or the stored stamp is not the current one. */
export function needsPrompt(stored: ConsentSettings | null, currentStamp: string): boolean {
  return stored === null || stored.stamp !== currentStamp;
}

/** Valid consent: stored and of the current stamp. */
export function validConsent(stored: ConsentSettings | null, currentStamp: string): ConsentSettings | null {
  return stored && !needsPrompt(stored, currentStamp) ? stored : null;
}

export function acceptAll(stamp: string): ConsentSettings {
  return { stamp, preferences: true, statistics: true, marketing: true };
}

export function declineAll(stamp: string): ConsentSettings {
  return { stamp, preferences: false, statistics: false, marketing: false };
}

export function isAllActive(settings: Pick<ConsentSettings, ConsentCategory>): boolean {
  return CONSENT_CATEGORIES.every((c) => settings[c]);
}

export function isAllDenied(settings: Pick<ConsentSettings, ConsentCategory>): boolean {
  return CONSENT_CATEGORIES.every((c) => !settings[c]);
}

/** Whether a script of a category may run; unknown categories never do, "necessary" always does. */
export function allows(settings: ConsentSettings | null, category: string): boolean {
  if (category === "necessary") return true;
  return Boolean(
    settings && (CONSENT_CATEGORIES as readonly string[]).includes(category) && settings[category as ConsentCategory],
  );
}

/** The cookie's value: the JSON settings, URI-encoded (quotes and commas are not cookie-safe). */
export function consentCookieValue(settings: ConsentSettings): string {
  return encodeURIComponent(JSON.stringify(settings));
}

type ConsentState = "granted" | "denied";

/** Google Consent Mode v2: preferences -> functionality and personalization, statistics -> analytics, marketing -> ads. */
export function consentMode(settings: ConsentSettings | null): Record<string, ConsentState> {
  const state = (yes: boolean | undefined): ConsentState => (yes ? "granted" : "denied");
  return {
    functionality_storage: state(settings?.preferences),
    personalization_storage: state(settings?.preferences),
    analytics_storage: state(settings?.statistics),
    ad_storage: state(settings?.marketing),
    ad_user_data: state(settings?.marketing),
    ad_personalization: state(settings?.marketing),
    security_storage: "granted",
  };
}
