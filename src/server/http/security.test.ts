import { describe, expect, it } from "vitest";
import { withSettings } from "../../../tests/support/providers";
import { parseEnv } from "../config/env";
import { applySecurityHeaders, mapOrigins, registerInlineScripts, securityHeaders, transportHeaders } from "./security";

describe("the content-security policy", () => {
  const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `));

  it("keeps every fetch on our own origin by default, the map's worker included", () => {
    const csp = securityHeaders()["Content-Security-Policy"] ?? "";
    expect(directive(csp, "connect-src")).toBe("connect-src 'self'");
    expect(directive(csp, "worker-src")).toBe("worker-src 'self'");
  });

  it("lets a configured map style load its style and tiles from its host, and nothing else", () => {
    const origins = mapOrigins([
      "https://tiles.example.org/styles/liberty/style.json?key=1",
      "https://tiles.example.org/styles/satellite/style.json?key=1",
    ]);
    expect(origins).toEqual(["https://tiles.example.org"]);
    const csp = securityHeaders(origins)["Content-Security-Policy"] ?? "";
    expect(directive(csp, "connect-src")).toBe("connect-src 'self' https://tiles.example.org");
    expect(directive(csp, "img-src")).toContain("https://tiles.example.org");
    expect(directive(csp, "script-src")).not.toContain("tiles.example.org");
    expect(mapOrigins([])).toEqual([]);
    expect(mapOrigins(["https://a.example.org/s.json", "https://b.example.org/s.json"])).toEqual([
      "https://a.example.org",
      "https://b.example.org",
    ]);
  });

  it("lets a configured tag manager load its script, beacons and pixels from its origin, only when set", () => {
    const none = securityHeaders([], ["'sha256-x'"])["Content-Security-Policy"] ?? "";
    expect(none).not.toContain("googletagmanager");
    const csp =
      securityHeaders([], ["'sha256-x'"], "https://www.googletagmanager.com")["Content-Security-Policy"] ?? "";
    expect(directive(csp, "script-src")).toBe("script-src 'self' 'sha256-x' https://www.googletagmanager.com");
    expect(directive(csp, "connect-src")).toBe("connect-src 'self' https://www.googletagmanager.com");
    expect(directive(csp, "img-src")).toContain("https://www.googletagmanager.com");
    // Still no inline script without its hash.
    expect(directive(csp, "script-src")).not.toContain("unsafe-inline");
  });
});

describe("a payment page's policy", () => {
  const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";

  it("adds Adyen's origins for script, style, frame and connect on the page that asks, and a provider's page to form-action", () => {
    const adyen = "https://checkoutshopper-test.cdn.adyen.com";
    const page = new Headers();
    applySecurityHeaders(page, [], { payment: [adyen] });
    const csp = page.get("Content-Security-Policy") ?? "";
    for (const name of ["script-src", "style-src", "frame-src", "connect-src", "img-src"])
      expect(directive(csp, name)).toContain(adyen);
    expect(directive(csp, "form-action")).toBe("form-action 'self'");
    const other = new Headers();
    applySecurityHeaders(other);
    expect(other.get("Content-Security-Policy")).not.toContain("adyen");
    const checkout = new Headers();
    applySecurityHeaders(checkout, [], { formAction: ["https://www.mollie.com"] });
    expect(directive(checkout.get("Content-Security-Policy") ?? "", "form-action")).toBe(
      "form-action 'self' https://www.mollie.com",
    );
    expect(directive(checkout.get("Content-Security-Policy") ?? "", "script-src")).not.toContain("mollie");
  });
});

describe("video frames", () => {
  it("allows exactly the video providers' player origins as frames", async () => {
    const { VIDEO_ORIGINS } = await import("~/features/banners/banners");
    const csp = securityHeaders()["Content-Security-Policy"] ?? "";
    const frameSrc = csp.split("; ").find((d) => d.startsWith("frame-src")) ?? "";
    expect(frameSrc.split(" ").slice(1).sort()).toEqual(["'self'", ...Object.values(VIDEO_ORIGINS)].sort());
  });
});

describe("transport security", () => {
  const base = { siteUrl: "https://shop.example", publicSite: true, HSTS_MAX_AGE: 31_536_000, HSTS_PRELOAD: false };

  it("sends HSTS on a public https shop only, with the set max-age and, when asked, preload", () => {
    expect(transportHeaders(base)).toEqual({ "Strict-Transport-Security": "max-age=31536000" });
    expect(transportHeaders({ ...base, HSTS_MAX_AGE: 63_072_000, HSTS_PRELOAD: true })).toEqual({
      "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
    });
    expect(transportHeaders({ ...base, siteUrl: "http://shop.example" })).toEqual({});
    expect(transportHeaders({ ...base, siteUrl: "https://localhost:4321", publicSite: false })).toEqual({});
    expect(transportHeaders({ ...base, HSTS_MAX_AGE: 0 })).toEqual({});
    expect(() =>
      parseEnv({
        SITE_URL: "https://shop.example",
        PAYMENT_HMAC_KEY: "ab".repeat(16),
        HSTS_PRELOAD: "true",
        HSTS_MAX_AGE: "600",
        NODE_ENV: "development",
      }),
    ).toThrow(/^Invalid configuration: HSTS_PRELOAD needs HSTS_MAX_AGE/);
  });

  it("puts HSTS and the opener policy on every page of a public https shop", () => {
    const restore = withSettings({ SITE_URL: "https://shop.example", PAYMENT_HMAC_KEY: "ab".repeat(16) });
    // The headers are kept once built: registering (no) scripts builds them again from these settings.
    registerInlineScripts([]);
    try {
      const headers = new Headers();
      applySecurityHeaders(headers);
      expect(headers.get("strict-transport-security")).toBe("max-age=31536000");
      expect(headers.get("cross-origin-opener-policy")).toBe("same-origin");
      const payment = new Headers();
      applySecurityHeaders(payment, [], { payment: ["https://checkoutshopper-test.adyen.com"] });
      expect(payment.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
      expect(payment.get("strict-transport-security")).toBe("max-age=31536000");
    } finally {
      restore();
      registerInlineScripts([]);
    }
  });
});
