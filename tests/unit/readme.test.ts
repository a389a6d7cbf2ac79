import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SETTINGS_SCHEMA } from "../../src/server/config/env";

/** The configuration page's table, variable names in order. */
function documentedSettings(): string[] {
  const page = readFileSync("docs/configuration.md", "utf8");
  return [...page.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((match) => match[1] as string);
}

const FEATURES = readdirSync("src/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Every file of a folder, its sub-folders included. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("the README and the docs", () => {
  it("keep the README a one-page map (12 KB at most) that links each topic page", () => {
    const readme = readFileSync("README.md", "utf8");
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(12 * 1024);
    for (const page of ["configuration", "testing", "performance", "operations"]) {
      expect(readme).toContain(`docs/${page}.md`);
      expect(existsSync(`docs/${page}.md`), page).toBe(true);
    }
  });

  it.each(FEATURES)("has a README in src/features/%s naming its endpoints and islands", (feature) => {
    const path = `src/features/${feature}/README.md`;
    expect(existsSync(path)).toBe(true);
    const readme = readFileSync(path, "utf8");
    const files = filesUnder(`src/features/${feature}`).filter((file) => !file.endsWith(".test.ts"));
    const endpoints = files
      .filter((file) => file.endsWith(".endpoints.ts"))
      .flatMap((file) => [
        ...readFileSync(file, "utf8").matchAll(/method: "(\w+)",\s*(?:\/\/[^\n]*\s*)?path: [`"]([^`"]+)[`"]/g),
      ])
      .map((match) => `${(match[1] as string).toUpperCase()} ${match[2]}`);
    for (const key of endpoints) expect(readme, key).toContain(`\`${key}\``);
    const islands = files
      .filter((file) => file.endsWith(".island.ts"))
      .flatMap((file) => [...readFileSync(file, "utf8").matchAll(/name: "([a-z-]+)"/g)])
      .map((match) => match[1] as string);
    for (const island of islands) expect(readme, island).toContain(`\`${island}\``);
    expect(readme.split("\n").length).toBeLessThanOrEqual(90);
  });

  it("documents every setting the server reads, and no other", () => {
    const documented = documentedSettings();
    const read = Object.keys(SETTINGS_SCHEMA.shape);
    expect(read.filter((name) => !documented.includes(name))).toEqual([]);
    expect(documented.filter((name) => !read.includes(name))).toEqual([]);
  });

  it("names the shell's own controllers, all of them and no other", () => {
    const readme = readFileSync("src/shell/README.md", "utf8");
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

/** The shop's page addresses, from the files under src/pages: `[x]` any segment, `[...x]` any rest. */
function pageRoutes(): RegExp[] {
  return filesUnder("src/pages")
    .filter((file) => /\.(astro|ts)$/.test(file) && !file.endsWith(".test.ts"))
    .map((file) => {
      const route = file
        .slice("src/pages".length)
        .replace(/\.(astro|ts)$/, "")
        .replace(/\/index$/, "");
      const pattern = route
        .split("/")
        .map((part) =>
          part.startsWith("[...") ? ".*" : part.startsWith("[") ? "[^/]+" : part.replace(/[.*+?^${}()|\\]/g, "\\$&"),
        )
        .join("/");
      return new RegExp(`^${pattern}/?$`);
    });
}

describe("the pages the docs send people to", () => {
  it("exist: each page address in docs/ and the feature READMEs is one of the shop's pages", () => {
    const routes = pageRoutes();
    const pageFiles = filesUnder("src/pages").map((file) => file.slice("src/pages".length));
    const pages = [
      ...readdirSync("docs", { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".md"))
        .map((f) => `docs/${f}`),
      ...FEATURES.map((feature) => `src/features/${feature}/README.md`),
      "README.md",
    ];
    const missing: string[] = [];
    for (const page of pages) {
      const text = readFileSync(page, "utf8");
      // `/fr/staff/import`, `/{culture}/account/privacy`, `/nl/c/{slug}` written as code.
      for (const [, address] of text.matchAll(/`((?:\/(?:fr|nl|es|de|it|pt|\{culture\}))(?:\/[^\s`?#]*)?)[^`]*`/g)) {
        const path = (address as string).replace(/^\/\{culture\}/, "/fr").replace(/\{[^}]+\}/g, "x");
        const asCulture = path.replace(/^\/(fr|nl|es|de|it|pt)(?=\/|$)/, "/[culture]");
        // A folder (`/{culture}/staff/`): some page is in it.
        const folder =
          path.endsWith("/") &&
          pageFiles.some((file) => file.startsWith(asCulture.replace(/^\/\[culture\]/, "/[culture]")));
        if (!folder && !routes.some((route) => route.test(asCulture.replace("/[culture]", "/x")) || route.test(path)))
          missing.push(`${page}: ${address}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
