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

/** Serious and critical axe violations on the page, or within one part of it ("id: targets" each). */
export async function seriousViolations(
  page: import("@playwright/test").Page,
  scope: { include?: string; exclude?: string } = {},
) {
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  let builder = new AxeBuilder({ page });
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}
