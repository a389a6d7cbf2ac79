import { allows, validConsent } from "~/features/consent/consent";
import { pageStamp, storedConsent } from "~/features/consent/consent.scripts";
import { LOCATION_COOKIE, LOCATION_COOKIE_DAYS, parseLocation, type SavedLocation } from "./location";

/** The location cookie in the browser (spec 001 section 3), kept only with the preferences consent. */
export function rememberedLocation(): SavedLocation | null {
  const entry = document.cookie.split("; ").find((c) => c.startsWith(`${LOCATION_COOKIE}=`));
  return parseLocation(entry?.slice(LOCATION_COOKIE.length + 1));
}

export function rememberLocation(location: SavedLocation): void {
  if (!allows(validConsent(storedConsent(), pageStamp()), "preferences")) return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
  document.cookie = `${LOCATION_COOKIE}=${encodeURIComponent(JSON.stringify(location))}; Path=/; Max-Age=${LOCATION_COOKIE_DAYS * 86_400}; SameSite=Lax${secure}`;
}
