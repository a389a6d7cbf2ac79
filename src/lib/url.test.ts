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
  ])("refuses %j (no open redirect)", (candidate) => {
    expect(safeReturnUrl(candidate, "/fr/")).toBe("/fr/");
  });
});
