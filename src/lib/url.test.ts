import { describe, expect, it } from "vitest";
import { plainPathname, safeReturnUrl } from "./url";

describe("safeReturnUrl", () => {
  it("keeps same-site paths with their query and anchor", () => {
    expect(safeReturnUrl("/nl/c/truien?pageindex=2#top", "/fr/")).toBe("/nl/c/truien?pageindex=2#top");
  });
  it.each([
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "/fr/\u0000x",
    "evil.example",
    "",
    "/.//evil.example",
    "/%2e%2e//evil.example",
    "/%2E%2E//evil.example/path?x=1",
    "/fr/../..//evil.example",
    "/./\\evil.example",
  ])("refuses %j (no open redirect)", (candidate) => {
    expect(safeReturnUrl(candidate, "/fr/")).toBe("/fr/");
  });
  it("keeps harmless paths that normalise to a path of this site", () => {
    expect(safeReturnUrl("/fr/c/../p/robe", "/fr/")).toBe("/fr/p/robe");
    expect(safeReturnUrl("/fr/./catalog?q=a", "/")).toBe("/fr/catalog?q=a");
  });
});

describe("plainPathname", () => {
  it("gives a plain address as the URL parser's pathname, and nothing for one the parser would change", () => {
    for (const plain of ["/", "/fr/", "/fr/c/vetements", "/api/v1/me/summary", "/fr/p/t-shirt_alba-1"]) {
      expect(plainPathname(plain)).toBe(plain);
      expect(new URL(plain, "http://x").pathname).toBe(plain);
    }
    for (const other of [
      "",
      "fr/c",
      "//fr/c",
      "/fr//c",
      "/fr/./c",
      "/fr/../c",
      "/%66r/c",
      "/fr/c?x=1",
      "/fr#a",
      "/fr\\c",
      "/fr/é",
    ])
      expect(plainPathname(other), other).toBeNull();
  });
});
