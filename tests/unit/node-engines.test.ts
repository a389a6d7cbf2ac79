import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

/**
 * The project runs on Node 20 (README, image, CI): every package the lock file installs must say it
 * supports the Node 20 this machine runs, or `npm install` warns and the package may need Node 22's APIs
 * (undici 8 through unifont, a lint helper of maplibre's were pinned back by `overrides`, issue 70).
 */
describe("the installed packages", () => {
  it("all support this Node 20", () => {
    expect(process.versions.node.split(".")[0]).toBe("20");
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
      packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path.startsWith("node_modules/"))
      .flatMap(([path, info]) => {
        const range = !Array.isArray(info.engines) ? info.engines?.node : undefined;
        return range && !semver.satisfies(process.versions.node, range, { includePrerelease: true })
          ? [`${path.replace(/^.*node_modules\//, "")} wants node ${range}`]
          : [];
      });
    expect(refusing).toEqual([]);
  });
});
