import { test as base } from "@playwright/test";

/** The consent stamp the e2e server runs with (the default of CONSENT_STAMP). */
export const CONSENT_STAMP = "2026-11-01";

export function consentCookie(baseURL: string, choices = { preferences: false, statistics: false, marketing: false }) {
  return {
    name: "CookieConsent",
    value: encodeURIComponent(JSON.stringify({ stamp: CONSENT_STAMP, ...choices })),
    url: baseURL,
  };
}

/** Tests of everything but consent: a visitor who already answered the cookie prompt. */
export const test = base.extend({
  context: async ({ context, baseURL }, use) => {
    await context.addCookies([consentCookie(baseURL as string)]);
    await use(context);
  },
});

export { expect } from "@playwright/test";
