import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { INPUT_PATTERNS } from "../../src/lib/validation";

function astroFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? astroFiles(join(dir, entry.name))
      : entry.name.endsWith(".astro")
        ? [join(dir, entry.name)]
        : [],
  );
}

/** As a browser checks an input's `pattern`: the whole value, in the `v` mode. */
const accepts = (pattern: string, value: string) => new RegExp(`^(?:${pattern})$`, "v").test(value);

describe("input patterns", () => {
  it("are never written as quoted attributes with a backslash (Astro renders \\d as d)", () => {
    const quoted = astroFiles("src").filter((file) => /\spattern="[^"]*\\/.test(readFileSync(file, "utf8")));
    expect(quoted).toEqual([]);
  });

  it("take what people type and refuse the rest, as a browser reads them", () => {
    for (const sum of ["0", "44", "44.9", "44,90", "1234567.00"])
      expect(accepts(INPUT_PATTERNS.euros, sum), sum).toBe(true);
    for (const sum of ["quarante", "44.999", "-3", "12 345"])
      expect(accepts(INPUT_PATTERNS.euros, sum), sum).toBe(false);
    expect(accepts(INPUT_PATTERNS.lowerCode, "express-pt")).toBe(true);
    expect(accepts(INPUT_PATTERNS.lowerCode, "Express PT")).toBe(false);
    expect(accepts(INPUT_PATTERNS.couponCode, "Noel-2026_x")).toBe(true);
    expect(accepts(INPUT_PATTERNS.couponCode, "NOËL")).toBe(false);
    expect(accepts(INPUT_PATTERNS.tokenName, "erp e2e")).toBe(true);
    expect(accepts(INPUT_PATTERNS.tokenName, "x")).toBe(false);
  });
});
