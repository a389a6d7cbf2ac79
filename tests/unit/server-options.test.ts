import { execFileSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { SERVER_NODE_OPTIONS, withServerNodeOptions } from "../../scripts/server-options.mjs";

/** The heap limit (MB) of a Node process started with `env`: V8 counts the young generation in it. */
function heapLimit(env: Record<string, string | undefined>): number {
  const script = "process.stdout.write(String(require('v8').getHeapStatistics().heap_size_limit / 2 ** 20))";
  return Number(execFileSync(process.execPath, ["-e", script], { env: { PATH: process.env.PATH, ...env } }));
}

describe("the production server's V8 settings", () => {
  test("reach the process: its young generation grows to 64 MB semi-spaces (V8's default is 16)", () => {
    expect(SERVER_NODE_OPTIONS).toBe("--max-semi-space-size=64");
    const plain = heapLimit({});
    const tuned = heapLimit(withServerNodeOptions({}));
    // Two 64 MB semi-spaces and the large-object space beside them instead of 16 MB each: 144 MB more.
    expect(tuned - plain).toBeGreaterThanOrEqual(96);
  });

  test("an operator's own NODE_OPTIONS replace them", () => {
    expect(withServerNodeOptions({ NODE_OPTIONS: "--max-semi-space-size=16" }).NODE_OPTIONS).toBe(
      "--max-semi-space-size=16",
    );
    expect(heapLimit(withServerNodeOptions({ NODE_OPTIONS: "" }))).toBe(heapLimit({}));
  });
});
