import { cleanStores } from "nanostores";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ConsentSettings } from "./consent";
import { $consent, $consentOpen, openConsent, saveConsent } from "./consent.store";

/** The browser as far as the consent store touches it. */
function fakeBrowser(protocol = "http:") {
  const cookies: string[] = [];
  const document = Object.assign(new EventTarget(), { documentElement: { lang: "nl" }, querySelectorAll: () => [] });
  Object.defineProperty(document, "cookie", {
    get: () => "",
    set: (value: string) => cookies.push(value),
  });
  const page = { stamp: "2026-11-01", callbacks: [vi.fn()], onAccept: vi.fn(), onDecline: vi.fn() };
  const window = { location: { protocol }, gtag: vi.fn(), VitrineConsent: page, CookieConsentSettings: null };
  const fetch = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal("document", document);
  vi.stubGlobal("window", window);
  vi.stubGlobal("fetch", fetch);
  return { document, window, page, cookies, fetch };
}

const declined: ConsentSettings = { stamp: "2026-11-01", preferences: false, statistics: false, marketing: false };
const statistics: ConsentSettings = { ...declined, statistics: true };

describe("$consent and saveConsent", () => {
  afterEach(() => {
    cleanStores($consent, $consentOpen);
    $consent.set(null);
    vi.unstubAllGlobals();
  });

  it("opens the dialog through $consentOpen and the consent:open event (the island hydrates on it)", () => {
    const { document } = fakeBrowser();
    let opened = 0;
    document.addEventListener("consent:open", () => opened++);
    openConsent();
    expect($consentOpen.get()).toBe(true);
    expect(opened).toBe(1);
  });

  it("stores a choice: cookie for a year, $consent, Consent Mode, callbacks, broadcast, proof, dialog closed", () => {
    const { document, window, page, cookies, fetch } = fakeBrowser();
    const heard: ConsentSettings[] = [];
    document.addEventListener("Manager:setCookieConsent", (event) =>
      heard.push((event as CustomEvent<ConsentSettings>).detail),
    );
    openConsent();

    saveConsent(statistics);

    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toMatch(/^CookieConsent=.+; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    // From the choice on, shared pages may leave her parts to scripts (decision 062).
    expect(cookies[1]).toBe("vitrine_js=1; Path=/; Max-Age=31536000; SameSite=Lax");
    expect($consent.get()).toEqual(statistics);
    expect(window.CookieConsentSettings).toEqual(statistics);
    expect(window.gtag).toHaveBeenCalledWith(
      "consent",
      "update",
      expect.objectContaining({ analytics_storage: "granted" }),
    );
    expect(page.callbacks[0]).toHaveBeenCalledWith(statistics);
    expect(page.onAccept).toHaveBeenCalledWith(statistics);
    expect(page.onDecline).not.toHaveBeenCalled();
    expect(heard).toEqual([statistics]);
    expect(fetch).toHaveBeenCalledWith("/api/v1/consent", expect.objectContaining({ method: "POST" }));
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      Stamp: "2026-11-01",
      Preferences: false,
      Statistics: true,
      Marketing: false,
    });
    expect($consentOpen.get()).toBe(false);
  });

  it("runs the decline callback when everything is refused, and marks the cookie Secure on https", () => {
    const { page, cookies } = fakeBrowser("https:");
    saveConsent(declined);
    expect(page.onDecline).toHaveBeenCalledWith(declined);
    expect(page.onAccept).not.toHaveBeenCalled();
    expect(cookies[0]).toMatch(/; Secure$/);
  });
});
