import { describe, expect, it } from "vitest";
import { checkPluginVersions, satisfies } from "./plugin-versions";

describe("swup plugins' version requirements, checked without Intl", () => {
  it("compares numerically, part by part, as swup's plugins do", () => {
    expect(satisfies("4.10.0", [">=4.6"])).toBe(true);
    expect(satisfies("4.10.0", [">=4.2.0"])).toBe(true);
    expect(satisfies("4.10.0", [">=4"])).toBe(true);
    // A string comparison would put 4.10 before 4.6.
    expect(satisfies("4.10.0", ["<4.6"])).toBe(false);
    expect(satisfies("4.5.9", [">=4.6"])).toBe(false);
    expect(satisfies("5.0.0", [">=4", "<5"])).toBe(false);
    expect(satisfies("4.6", ["4.6.0"])).toBe(true);
    expect(satisfies("4.6.1", ["4.6.0"])).toBe(false);
    expect(satisfies("4.6.1", [">4.6.0", "<=4.6.1"])).toBe(true);
  });

  it("throws on a plugin that needs a newer swup, and leaves swup nothing to check", () => {
    const plugins = [
      { name: "SwupHeadPlugin", requires: { swup: ">=4.6" } },
      { name: "SwupScrollPlugin", requires: { swup: [">=4.2.0"] } },
    ];
    checkPluginVersions("4.10.0", plugins);
    expect(plugins.map((p) => p.requires)).toEqual([{}, {}]);
    expect(() => checkPluginVersions("4.5.0", [{ name: "SwupHeadPlugin", requires: { swup: ">=4.6" } }])).toThrow(
      "Plugin version mismatch: SwupHeadPlugin requires swup >=4.6",
    );
    // A requirement on another plugin is not one ours have: refused rather than ignored.
    expect(() => checkPluginVersions("4.10.0", [{ name: "X", requires: { SwupA11yPlugin: ">=5" } }])).toThrow(
      /requires SwupA11yPlugin/,
    );
  });
});
