import { describe, expect, it } from "vitest";
import { applySecurityHeaders, mapOrigins, securityHeaders } from "./security";

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
