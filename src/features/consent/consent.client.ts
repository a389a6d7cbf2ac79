import { endpointUrl } from "~/shell/request";
import type { ConsentSettings } from "./consent";
import type { recordDecision } from "./consent.endpoints";

/** Records a decision on the server as proof of consent; never blocks the shopper (and outlives a page swap). */
export function recordConsent(settings: ConsentSettings): void {
  const key: (typeof recordDecision)["key"] = "POST /consent";
  const { method, url } = endpointUrl(key);
  fetch(url, {
    method,
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
