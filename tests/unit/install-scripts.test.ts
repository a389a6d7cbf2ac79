import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * npm 11.16 and later list the dependencies whose install scripts no `allowScripts` entry of
 * package.json covers, and npm 12 skips those scripts: better-sqlite3 and sharp would then install
 * without their native binaries, and esbuild without its own, and `npm install && npm start` would fail
 * for a newcomer on a newer npm. Each package with an install script in the lock file is reviewed here.
 */
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { allowScripts?: Record<string, boolean> };
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, { hasInstallScript?: boolean }>;
};

const withScripts = Object.entries(lock.packages)
  .filter(([, entry]) => entry.hasInstallScript)
  .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));

describe("dependencies' install scripts", () => {
  it("finds the native ones in the lock file", () => {
    expect(withScripts).toEqual(expect.arrayContaining(["better-sqlite3", "sharp", "esbuild"]));
  });

  it("has every one decided in package.json's allowScripts", () => {
    const decided = Object.keys(pkg.allowScripts ?? {});
    expect([...new Set(withScripts)].filter((name) => !decided.includes(name))).toEqual([]);
  });

  it("decides none that no longer has one (a stale approval would cover a future script unreviewed)", () => {
    expect(Object.keys(pkg.allowScripts ?? {}).filter((name) => !withScripts.includes(name))).toEqual([]);
  });
});
