import { describe, expect, it } from "vitest";
import { safeReturnUrl } from "./url";

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
