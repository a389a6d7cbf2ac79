import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { calibrate, overBudget, startSampler } from "../../scripts/test-budget.mjs";
import { playwrightCounts, slowestTests, summary, vitestCounts } from "../../scripts/test-summary.mjs";

const report = (name: string) => JSON.parse(readFileSync(`tests/support/reports/${name}.json`, "utf8"));

describe("npm test's summary line", () => {
  it("adds both runners when everything ran", () => {
    const result = summary([
      vitestCounts(report("vitest-normal"), 0),
      playwrightCounts(report("playwright-normal"), 0),
    ]);
    expect(result.line).toBe("520 passed, 0 failed, 5 skipped");
  });

  it("counts failed and flaky tests as failures", () => {
    expect(
      summary([vitestCounts(report("vitest-failed"), 1), playwrightCounts(report("playwright-failed"), 1)]).line,
    ).toBe("517 passed, 3 failed");
    expect(playwrightCounts(report("playwright-flaky"), 0).failed).toBe(1);
  });

  it("counts a browser run whose web server never started as failed (recorded report, zero tests)", () => {
    const result = summary([
      vitestCounts(report("vitest-normal"), 0),
      playwrightCounts(report("playwright-errored"), 1),
    ]);
    expect(result.failed).toBe(1);
    expect(result.line).toBe("400 passed, 1 failed, 3 skipped");
    expect(result.errors[0]).toContain("webServer");
  });

  it("counts tests skipped while running (a suite skipped by a hook) as skipped", () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 0,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [
        {
          name: "a.test.ts",
          status: "passed",
          assertionResults: [{ status: "passed" }, { status: "pending" }, { status: "pending" }],
        },
      ],
    };
    expect(vitestCounts(report, 0)).toMatchObject({ passed: 3, failed: 0, skipped: 2 });
  });

  it("counts a test file that did not load as failed", () => {
    const counts = vitestCounts(report("vitest-errored"), 1);
    expect(counts.failed).toBe(1);
    expect(counts.errors[0]).toContain("broken.test.ts");
  });

  it("counts a runner that wrote no report as failed, whatever its exit status", () => {
    expect(playwrightCounts(null, 1)).toMatchObject({ passed: 0, failed: 1 });
    expect(vitestCounts(null, 137)).toMatchObject({ passed: 0, failed: 1 });
    expect(playwrightCounts(null, 0)).toMatchObject({ passed: 0, failed: 1 });
  });

  it("counts a non-zero exit whose report shows no failure as failed", () => {
    expect(vitestCounts(report("vitest-normal"), 1).failed).toBe(1);
    expect(playwrightCounts(report("playwright-normal"), 1).failed).toBe(1);
  });

  it("names each failed or flaky test with its first message line, since CI shows only the end of the output", () => {
    const vitest = vitestCounts(
      {
        numPassedTests: 1,
        numFailedTests: 1,
        testResults: [
          {
            name: `${process.cwd()}/tests/unit/cart.test.ts`,
            status: "failed",
            assertionResults: [
              { status: "passed", fullName: "cart adds" },
              {
                status: "failed",
                fullName: "cart refuses a negative quantity",
                failureMessages: ["\u001b[31mAssertionError: expected 200 to be 422\u001b[39m\n    at cart.test.ts:12"],
              },
            ],
          },
        ],
      },
      1,
    );
    const playwright = playwrightCounts(
      {
        config: { rootDir: join(process.cwd(), "tests/e2e") },
        stats: { expected: 1, unexpected: 1, flaky: 1, skipped: 0 },
        errors: [],
        suites: [
          {
            title: "shell.spec.ts",
            specs: [],
            suites: [
              {
                title: "links",
                specs: [
                  { title: "loads", file: "shell.spec.ts", line: 3, tests: [{ status: "expected", results: [] }] },
                  {
                    title: "swaps",
                    file: "shell.spec.ts",
                    line: 9,
                    tests: [
                      {
                        status: "unexpected",
                        results: [{ status: "timedOut", error: { message: "Timeout 5000ms exceeded." } }],
                      },
                    ],
                  },
                  {
                    title: "focuses",
                    file: "shell.spec.ts",
                    line: 20,
                    tests: [
                      {
                        status: "flaky",
                        results: [
                          { status: "failed", errors: [{ message: "\nexpect(locator).toBeFocused()" }] },
                          { status: "passed" },
                        ],
                      },
                    ],
                  },
                  {
                    title: "looks",
                    file: "screens.spec.ts",
                    line: 30,
                    tests: [
                      {
                        status: "unexpected",
                        results: [
                          {
                            status: "failed",
                            error: {
                              message:
                                "Error: home\n\nexpect(page).toHaveScreenshot(expected) failed\n\n  2345 pixels (ratio 0.01 of all image pixels) are different.",
                            },
                          },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      1,
    );
    expect(summary([vitest, playwright]).failures).toEqual([
      "tests/unit/cart.test.ts > cart refuses a negative quantity: AssertionError: expected 200 to be 422",
      "tests/e2e/shell.spec.ts:9 > links > swaps (unexpected): Timeout 5000ms exceeded.",
      "tests/e2e/shell.spec.ts:20 > links > focuses (flaky): expect(locator).toBeFocused()",
      "tests/e2e/screens.spec.ts:30 > links > looks (unexpected): Error: home · 2345 pixels (ratio 0.01 of all image pixels) are different.",
    ]);
  });
});

describe("the slowest tests", () => {
  it("lists both runners' tests, slowest first, with their file and time", () => {
    const vitest = {
      testResults: [
        {
          name: `${process.cwd()}/src/a.test.ts`,
          assertionResults: [
            { fullName: "a > quick", duration: 5 },
            { fullName: "a > slow", duration: 4_200 },
          ],
        },
      ],
    };
    const playwright = {
      config: { rootDir: `${process.cwd()}/tests/e2e` },
      suites: [
        {
          title: "b.spec.ts",
          specs: [],
          suites: [
            {
              title: "block",
              specs: [{ title: "journey", file: "b.spec.ts", line: 7, tests: [{ results: [{ duration: 9_000 }] }] }],
            },
          ],
        },
      ],
    };
    expect(slowestTests(vitest, playwright, 2)).toEqual([
      "   9.0 s  tests/e2e/b.spec.ts:7 > block > journey",
      "   4.2 s  src/a.test.ts > a > slow",
    ]);
    expect(slowestTests(null, null)).toEqual([]);
  });
});

describe("the suite's time budget", () => {
  const budget = {
    tolerance: 1.25,
    parts: {
      vitest: { seconds: 300, calibrationMs: 100 },
      build: { seconds: 30, calibrationMs: 100 },
      playwright: { seconds: 500, calibrationMs: 100 },
    },
  };
  const speed = (ms: number) => ({ vitest: ms, build: ms, playwright: ms });
  it("fails a part that grew more than 25 % over its budget, on a machine as fast as the budget's", () => {
    expect(overBudget({ vitest: 370, build: 20, playwright: 620 }, budget, speed(100))).toEqual([]);
    const over = overBudget({ vitest: 380, build: 20, playwright: 700 }, budget, speed(90));
    expect(over).toHaveLength(2);
    expect(over[0]).toMatch(/^vitest took 380 s, over its budget of 300 s \+ 25 % \(375 s/);
    expect(over[1]).toMatch(/^playwright took 700 s/);
  });
  it("stretches each part's budget by how much slower the machine was while it ran, never shrinks them", () => {
    // 2.5 times slower: 1,000 s of Playwright is within 500 × 1.25 × 2.5.
    expect(overBudget({ playwright: 1_500 }, budget, speed(250))).toEqual([]);
    expect(overBudget({ playwright: 1_600 }, budget, speed(250))).toHaveLength(1);
    expect(overBudget({ playwright: 700 }, budget, speed(50))).toHaveLength(1);
    // A slow phase during Playwright only stretches Playwright's budget.
    expect(overBudget({ vitest: 700, playwright: 1_500 }, budget, { vitest: 100, playwright: 250 })).toEqual([
      expect.stringMatching(/^vitest took 700 s/),
    ]);
  });
  it("times a fixed task in milliseconds", () => {
    const ms = calibrate();
    expect(ms).toBeGreaterThan(0);
    expect(Number.isInteger(ms)).toBe(true);
  });
  it("samples the task while the main thread waits on a child process", () => {
    const sampler = startSampler(200);
    const from = Date.now();
    spawnSync(process.execPath, ["-e", "setTimeout(() => {}, 700)"]);
    const ms = sampler.during(from, Date.now());
    sampler.stop();
    expect(ms).toBeGreaterThan(0);
  });
});
