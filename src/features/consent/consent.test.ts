import { describe, expect, it } from "vitest";
import {
  acceptAll,
  allows,
  consentCookieValue,
  consentMode,
  declineAll,
  isAllActive,
  isAllDenied,
  needsPrompt,
  parseConsent,
  validConsent,
} from "./consent";

describe("consent decisions", () => {
  const stored = { stamp: "v2", preferences: true, statistics: false, marketing: true };

  it("prompts without a cookie, with a broken one, and when the stamp changed", () => {
    expect(needsPrompt(null, "v2")).toBe(true);
    expect(needsPrompt(parseConsent("not json"), "v2")).toBe(true);
    expect(
      needsPrompt(parseConsent('{"stamp":"v2","preferences":"yes","statistics":false,"marketing":true}'), "v2"),
    ).toBe(true);
    expect(needsPrompt(stored, "v3")).toBe(true);
    expect(needsPrompt(stored, "v2")).toBe(false);
    expect(validConsent(stored, "v3")).toBeNull();
  });

  it("round-trips the cookie value, encoded or raw", () => {
    expect(parseConsent(consentCookieValue(stored))).toEqual(stored);
    expect(parseConsent(JSON.stringify(stored))).toEqual(stored);
    expect(consentCookieValue(stored)).not.toMatch(/[",;\s]/);
  });

  it("accept all and decline all set the three categories", () => {
    expect(acceptAll("s")).toEqual({ stamp: "s", preferences: true, statistics: true, marketing: true });
    expect(declineAll("s")).toEqual({ stamp: "s", preferences: false, statistics: false, marketing: false });
    expect(isAllActive(acceptAll("s"))).toBe(true);
    expect(isAllActive(stored)).toBe(false);
    expect(isAllDenied(declineAll("s"))).toBe(true);
    expect(isAllDenied(stored)).toBe(false);
  });

  it("lets a script run only for a consented category", () => {
    expect(allows(stored, "marketing")).toBe(true);
    expect(allows(stored, "statistics")).toBe(false);
    expect(allows(stored, "unknown")).toBe(false);
    expect(allows(null, "preferences")).toBe(false);
    expect(allows(null, "necessary")).toBe(true);
  });

  it("maps categories to Consent Mode v2, denied by default", () => {
    expect(consentMode(null)).toMatchObject({
      ad_storage: "denied",
      analytics_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      functionality_storage: "denied",
      personalization_storage: "denied",
    });
    expect(consentMode(stored)).toMatchObject({
      functionality_storage: "granted",
      personalization_storage: "granted",
      analytics_storage: "denied",
      ad_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "granted",
    });
  });
});
