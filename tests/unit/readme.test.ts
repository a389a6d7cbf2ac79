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

  it("names the shell's own controllers, all of them and no other", () => {
    const readme = readFileSync("README.md", "utf8");
    const row = readme.split("\n").find((line) => line.includes("The shell's own:")) ?? "";
    const documented = [...row.slice(row.indexOf("The shell's own:")).matchAll(/`([a-z-]+)`/g)]
      .map((match) => match[1] as string)
      .filter((name) => !name.startsWith("data-"));
    const declared = [...readFileSync("src/shell/controllers.ts", "utf8").matchAll(/name: "([a-z-]+)"/g)].map(
      (match) => match[1] as string,
    );
    expect(declared.length).toBeGreaterThan(3);
    expect(
      [
        ...new Set(
          documented.filter(
            (name) =>
              ![
                "facebook",
                "x",
                "linkedin",
                "whatsapp",
                "pinterest",
                "email",
                "native",
                "false",
                "eager",
                "interaction",
              ].includes(name),
          ),
        ),
      ].sort(),
    ).toEqual([...declared].sort());
  });
});
