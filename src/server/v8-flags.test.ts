import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_V8_FLAGS } from "./v8-flags";

describe("the server's own V8 flags (decision 080)", () => {
  it("are set by the first import of the server's entry, before any other module of ours runs", () => {
    const source = readFileSync(new URL("./http/main.ts", import.meta.url), "utf8");
    const first = /^import\s+(?:[^"';]*\sfrom\s+)?["']([^"']+)["']/m.exec(source)?.[1];
    expect(first).toBe("../v8-flags");
  });

  it("are flags this Node's V8 knows (setFlagsFromString ignores one it does not, without a word)", () => {
    expect(SERVER_V8_FLAGS).toContain("--no-allocation-site-pretenuring");
    for (const flag of SERVER_V8_FLAGS) {
      const run = spawnSync(process.execPath, [flag, "-e", "0"], { encoding: "utf8" });
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
    }
    // The check itself: a flag V8 does not know stops Node.
    expect(spawnSync(process.execPath, ["--no-such-v8-flag", "-e", "0"]).status).not.toBe(0);
  });
});
