import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const browserSide = files("src").filter(
  (f) => (/\.(client|store)\.ts$|\.tsx$/.test(f) || f.startsWith(join("src", "shell"))) && !f.endsWith(".test.ts"),
);

describe("dependency rule (DESIGN.md section 4)", () => {
  it("finds browser-side modules to check", () => {
    expect(browserSide.length).toBeGreaterThan(2);
  });
  it.each(browserSide)("%s imports nothing server-only", (file) => {
    const imports = [...readFileSync(file, "utf8").matchAll(/from\s+["']([^"']+)["']/g)].map((m) => m[1] as string);
    const serverOnly = imports.filter((i) => /\.server$|\.repository$|\/server\/|^node:|\.routes$/.test(i));
    expect(serverOnly).toEqual([]);
  });
});

/** Relative modules a file imports at run time (type-only imports are erased). */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(/import\s+(?!type\b)[^;]*?from\s+["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)/g)]
    .map((m) => (m[1] ?? m[2]) as string)
    .map((spec) => {
      const base = join(file, "..", spec);
      for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")])
        if (candidate.match(/\.tsx?$/) && statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
      return "";
    })
    .filter(Boolean);
}

describe("browser bundles stay small", () => {
  // zod is 25 KB gzip: schemas live in isomorphic modules the server uses; the browser imports constants.
  it.each(browserSide)("%s reaches no zod schema module", (file) => {
    const seen = new Set<string>();
    const queue = [file];
    const offenders: string[] = [];
    while (queue.length) {
      const next = queue.pop() as string;
      if (seen.has(next)) continue;
      seen.add(next);
      const source = readFileSync(next, "utf8");
      if (/^import\s+(?!type\b)[^;]*from\s+["']zod["']/m.test(source)) offenders.push(next);
      queue.push(...runtimeImports(next));
    }
    expect(offenders).toEqual([]);
  });
});
