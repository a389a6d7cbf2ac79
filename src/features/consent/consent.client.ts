import type { ConsentSettings } from "./consent";

/** Records a decision on the server as proof of consent; never blocks the shopper. */
export function recordConsent(settings: ConsentSettings): void {
  fetch("/api/v1/consent", {
    method: "POST",
    keepalive: true,
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-Culture": document.documentElement.lang },
    body: JSON.stringify({
      Stamp: settings.stamp,
      Preferences: settings.preferences,
      Statistics: settings.statistics,
      Marketing: settings.marketing,
    }),
  }).catch((error: unknown) => console.warn("consent record failed", error));
}
