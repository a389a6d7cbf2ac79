import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineIsland, resolveIslandProps } from "./islands";
import { ISLANDS } from "./registry";

describe("island tags", () => {
  it("validates a tag's props with the island's schema", () => {
    const ok = resolveIslandProps(ISLANDS, "mini-cart", { showTotal: false });
    expect(ok).toMatchObject({ ok: true, props: { showTotal: false } });
  });
  it("explains an unknown name or invalid props instead of failing", () => {
    expect(resolveIslandProps(ISLANDS, "no-such-island", {})).toEqual({
      ok: false,
      reason: 'unknown island "no-such-island"',
    });
    const bad = resolveIslandProps(ISLANDS, "mini-cart", { showTotal: "yes" });
    expect(bad.ok).toBe(false);
    expect(bad.ok ? "" : bad.reason).toContain("showTotal");
  });
  it("refuses to register fixtures that do not match the schema", () => {
    expect(() =>
      defineIsland({
        name: "x",
        component: "X",
        description: "x",
        props: z.object({ n: z.number() }),
        fixtures: { broken: { n: "1" as unknown as number } },
      }),
    ).toThrow(/fixture broken/);
  });
  it("gives every registered island at least one fixture", () => {
    for (const island of ISLANDS) expect(Object.keys(island.fixtures).length).toBeGreaterThan(0);
  });
});
