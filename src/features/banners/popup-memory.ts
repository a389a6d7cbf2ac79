import { allows, validConsent } from "~/features/consent/consent";
import { pageStamp, storedConsent } from "~/features/consent/consent.scripts";
import {
  POPUP_MEMORY_COOKIE,
  POPUP_MEMORY_LIFETIME_DAYS,
  type PopupMemoryEntry,
  parsePopupMemory,
  popupMemoryValue,
  rememberPopup,
} from "./banners";

/**
 * The popup memory (spec 001) in the browser. It is a preferences cookie (decision 047): with that
 * consent it is written for 9999 days; without it the memory lives in this page session only (swup
 * keeps it across page swaps; a reload forgets it), and nothing is written.
 */
const sessionMemory = new Set<string>();

function cookieEntries(): PopupMemoryEntry[] {
  const entry = document.cookie.split("; ").find((c) => c.startsWith(`${POPUP_MEMORY_COOKIE}=`));
  return parsePopupMemory(entry?.slice(POPUP_MEMORY_COOKIE.length + 1));
}

export function isRemembered(id: string): boolean {
  return sessionMemory.has(id) || cookieEntries().some((e) => e.id === id);
}

export function remember(id: string): void {
  sessionMemory.add(id);
  if (!allows(validConsent(storedConsent(), pageStamp()), "preferences")) return;
  const value = popupMemoryValue(rememberPopup(cookieEntries(), id, new Date()));
  const maxAge = POPUP_MEMORY_LIFETIME_DAYS * 86400;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
  document.cookie = `${POPUP_MEMORY_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}
