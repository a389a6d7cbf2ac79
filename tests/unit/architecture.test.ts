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
