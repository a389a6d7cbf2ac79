import { atom } from "nanostores";
import {
  CONSENT_COOKIE_MAX_AGE_SECONDS,
  CONSENT_COOKIE_NAME,
  CONSENT_COOKIE_PATH,
  type ConsentSettings,
  consentCookieValue,
  consentMode,
  isAllDenied,
  needsPrompt,
  SCRIPT_COOKIE,
  SCRIPT_COOKIE_MAX_AGE_SECONDS,
} from "./consent";
import { recordConsent } from "./consent.client";
import { activateConsentedScripts, storedConsent } from "./consent.scripts";

/**
 * The page-level consent settings object, rendered by the server in <head> (window.VitrineConsent):
 * the current stamp, plus callbacks a CMS page or tag may register.
 */
export interface PageConsentConfig {
  stamp: string;
  /** Run after every saved decision, with the settings. */
  callbacks: ((settings: ConsentSettings) => void)[];
  /** Optional: run when every category was accepted or some were (not all denied). */
  onAccept?: (settings: ConsentSettings) => void;
  /** Optional: run when everything was denied. */
  onDecline?: (settings: ConsentSettings) => void;
}

export const CONSENT_OPEN_EVENT = "consent:open";
/** Broadcast after a decision is saved (spec 000 section 4), detail: the settings. */
export const CONSENT_SAVED_EVENT = "Manager:setCookieConsent";

function config(): PageConsentConfig {
  window.VitrineConsent ??= { stamp: "", callbacks: [] };
  window.VitrineConsent.callbacks ??= [];
  return window.VitrineConsent;
}

/** The stored decision (any stamp); null before the first one. */
export const $consent = atom<ConsentSettings | null>(typeof document === "undefined" ? null : storedConsent());
/** Whether the consent dialog is open. */
export const $consentOpen = atom(false);

/** Whether the dialog should open on its categories (the first layer's "customise"). */
export const $consentDetails = atom(false);

/** Opens the dialog; the island hydrates on this event (client:event="consent:open"). */
export function openConsent(options: { details?: boolean } = {}): void {
  if (options.details) $consentDetails.set(true);
  $consentOpen.set(true);
  document.dispatchEvent(new CustomEvent(CONSENT_OPEN_EVENT));
}

export function consentNeeded(): boolean {
  return needsPrompt($consent.get(), config().stamp);
}

export function closeConsent(): void {
  $consentOpen.set(false);
}

/** Saves a decision: cookie, global, Consent Mode, callbacks, broadcast, scripts, proof on the server. */
export function saveConsent(settings: ConsentSettings): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
  document.cookie = `${CONSENT_COOKIE_NAME}=${consentCookieValue(settings)}; Path=${CONSENT_COOKIE_PATH}; Max-Age=${CONSENT_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  // biome-ignore lint/suspicious/noDocumentCookie: as above
  document.cookie = `${SCRIPT_COOKIE}=1; Path=/; Max-Age=${SCRIPT_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  $consent.set(settings);
  window.CookieConsentSettings = settings;
  window.gtag?.("consent", "update", consentMode(settings));
  const page = config();
  for (const callback of page.callbacks) {
    try {
      callback(settings);
    } catch (error) {
      console.warn("consent callback failed", error);
    }
  }
  document.dispatchEvent(new CustomEvent(CONSENT_SAVED_EVENT, { detail: settings }));
  try {
    if (isAllDenied(settings)) page.onDecline?.(settings);
    else page.onAccept?.(settings);
  } catch (error) {
    console.warn("consent callback failed", error);
  }
  activateConsentedScripts(document, settings);
  recordConsent(settings);
  closeConsent();
}

declare global {
  interface DocumentEventMap {
    "consent:open": CustomEvent<undefined>;
    "Manager:setCookieConsent": CustomEvent<ConsentSettings>;
  }
}
