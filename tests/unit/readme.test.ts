import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SETTINGS_SCHEMA } from "../../src/server/config/env";

/** The README's configuration table, variable names in order. */
function documentedSettings(): string[] {
  const readme = readFileSync("README.md", "utf8");
  const section = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("## Scripts"));
  return [...section.matchAll(/^\| `([A-Z_]+)`/gm)].map((match) => match[1] as string);
}

describe("the README", () => {
  it("documents every setting the server reads, and no other", () => {
    const documented = documentedSettings();
    const read = Object.keys(SETTINGS_SCHEMA.shape);
    expect(read.filter((name) => !documented.includes(name))).toEqual([]);
    expect(documented.filter((name) => !read.includes(name))).toEqual([]);
  });
});
