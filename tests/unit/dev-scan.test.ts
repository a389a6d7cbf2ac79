import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";

/**
 * `astro dev` starts with Vite's dependency scan, which reads each `.astro` file as HTML: its comments
 * removed, then every text from a script tag to the next closing one compiled as TypeScript. A tag
 * written in a frontmatter comment made it compile the comment and the code after it: the scan failed
 * ("Unterminated string literal" in LoadedAfter.astro), so the dev server bundled no dependency ahead and
 * its first page took seconds more. The two expressions are Vite 6's (`scriptRE`, `commentRE` in its
 * scan plugin).
 */
const SCRIPT = /(<script(?:\s+[a-z_:][-\w:]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^"'<>=\s]+))?)*\s*>)(.*?)<\/script>/gis;
const HTML_COMMENT = /<!--.*?-->/gs;

function astroFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? astroFiles(path) : path.endsWith(".astro") ? [path] : [];
  });
}

/** What the scan compiles of a file: each script's text that is neither a `src` nor a non-JavaScript type. */
function scannedScripts(source: string): string[] {
  const scripts: string[] = [];
  for (const [, openTag = "", content = ""] of source.replace(HTML_COMMENT, "<!---->").matchAll(SCRIPT)) {
    const type = /\btype\s*=\s*(?:"([^"]+)"|'([^']+)'|([^\s'">]+))/i.exec(openTag)?.slice(1).find(Boolean);
    if (type && !(type.includes("javascript") || type.includes("ecmascript") || type === "module")) continue;
    if (/\bsrc\s*=/i.test(openTag) || !content.trim()) continue;
    scripts.push(content);
  }
  return scripts;
}

const files = astroFiles("src");

describe("astro dev's dependency scan", () => {
  it("fails on a tag written in a frontmatter comment", () => {
    const source =
      '---\n/** Its slot (a `<script>`) */\nimport { X } from "./x";\n---\n<script is:inline set:html={X}></script>';
    const [script = ""] = scannedScripts(source);
    expect(() => transformSync(script, { loader: "ts" })).toThrow(/Unterminated string literal/);
  });

  it("compiles every script it finds in our .astro files", () => {
    expect(files.length).toBeGreaterThan(50);
    const failing = files.filter((file) =>
      scannedScripts(readFileSync(file, "utf8")).some((script) => {
        try {
          transformSync(script, { loader: "ts" });
          return false;
        } catch {
          return true;
        }
      }),
    );
    expect(failing).toEqual([]);
  });
});
