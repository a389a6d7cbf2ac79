// How `npm test` turns each runner's JSON report and exit status into "N passed, N failed[, N skipped]".
// A runner that exits non-zero without a report, or whose report names errors (a web server that did not
// start, a file that did not load), counts as failed: a suite that never ran must never read as a success.
import { join, relative } from "node:path";
import { stripVTControlCharacters } from "node:util";

/** A runner that wrote no report ran nothing we can count: one failure, whatever its exit status. */
function missing(runner, status) {
  return {
    passed: 0,
    failed: 1,
    skipped: 0,
    errors: [`${runner} exited with ${status} and wrote no report`],
    failures: [],
  };
}

/** First line of a failure message, without terminal colours. */
function firstLine(text) {
  const lines = stripVTControlCharacters(String(text ?? ""))
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  // A named expectation (`expect(page, "home")`) starts with its name only: the why follows, and a
  // screenshot's why is its count of different pixels.
  const why = /^Error: [^:]{1,40}$/.test(lines[0] ?? "")
    ? [lines[0], lines.find((line) => /pixels|Timeout|Expected|Received/.test(line)) ?? lines[1]]
    : [lines[0]];
  return why.filter(Boolean).join(" · ").slice(0, 300);
}

/** The failed tests of a vitest report, one line each: CI shows only the end of the output. */
function vitestFailures(report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== "failed") continue;
      const name = test.fullName ?? [...(test.ancestorTitles ?? []), test.title].join(" > ");
      lines.push(`${relative(process.cwd(), file.name)} > ${name}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
  return lines;
}

/** Counts of a vitest JSON report; `status` is the runner's exit status. */
export function vitestCounts(report, status) {
  if (!report) return missing("vitest", status);
  const counts = {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    errors: [],
    failures: vitestFailures(report),
  };
  // Suites skipped while running (the PostgreSQL ones without TEST_POSTGRES_URL) show only per test.
  const pending = (report.testResults ?? [])
    .flatMap((file) => file.assertionResults ?? [])
    .filter((test) => ["pending", "skipped", "todo"].includes(test.status)).length;
  counts.skipped = Math.max(counts.skipped, pending);
  // A file that failed to load has no test results of its own.
  for (const file of report.testResults ?? []) {
    if (file.status === "failed" && (file.assertionResults ?? []).length === 0) {
      counts.failed += 1;
      counts.errors.push(`${file.name}: ${String(file.message ?? "did not run").split("\n")[0]}`);
    }
  }
  if (status !== 0 && counts.failed === 0) {
    counts.failed = 1;
    counts.errors.push(`vitest exited with ${status} although its report shows no failed test (an unhandled error?)`);
  }
  return counts;
}

/**
 * The failed and flaky tests of a Playwright report, one line each: the file from the project root (the
 * report names it from its test folder, `config.rootDir`) and the describe blocks before the test's name.
 */
function playwrightFailures(report) {
  const lines = [];
  const root = report.config?.rootDir;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const failed = (test.results ?? []).find((result) => result.error || result.errors?.length);
        const message = failed?.error?.message ?? failed?.errors?.[0]?.message;
        const file = root ? relative(process.cwd(), join(root, spec.file)) : spec.file;
        const name = [...titles, spec.title].join(" > ");
        lines.push(`${file}:${spec.line} > ${name} (${test.status}): ${firstLine(message)}`);
      }
    }
    // The outer suites are the files; the ones inside are describe blocks.
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return lines;
}

/** Counts of a Playwright JSON report; `status` is the runner's exit status. */
export function playwrightCounts(report, status) {
  if (!report) return missing("playwright", status);
  const stats = report.stats ?? {};
  const errors = (report.errors ?? []).map((e) => String(e.message ?? e.value ?? "error").split("\n")[0]);
  const counts = {
    passed: stats.expected ?? 0,
    failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) + errors.length,
    skipped: stats.skipped ?? 0,
    errors,
    failures: playwrightFailures(report),
  };
  if (status !== 0 && counts.failed === 0) {
    counts.failed = 1;
    counts.errors.push(`playwright exited with ${status} although its report shows no failure`);
  }
  return counts;
}

/** Adds the runners' counts and gives the final line. */
export function summary(parts) {
  const total = { passed: 0, failed: 0, skipped: 0, errors: [], failures: [] };
  for (const part of parts) {
    total.passed += part.passed;
    total.failed += part.failed;
    total.skipped += part.skipped;
    total.errors.push(...part.errors);
    total.failures.push(...part.failures);
  }
  const line = `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`;
  return { ...total, line };
}

/** The slowest tests of both reports, slowest first: "12.3 s  file > name". */
export function slowestTests(vitestReport, playwrightReport, count = 10) {
  const timed = [];
  for (const file of vitestReport?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      const name = test.fullName ?? [...(test.ancestorTitles ?? []), test.title].join(" > ");
      timed.push({ ms: test.duration ?? 0, name: `${relative(process.cwd(), file.name)} > ${name}` });
    }
  }
  const root = playwrightReport?.config?.rootDir;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      const file = root ? relative(process.cwd(), join(root, spec.file)) : spec.file;
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((total, result) => total + (result.duration ?? 0), 0);
        timed.push({ ms, name: `${file}:${spec.line} > ${[...titles, spec.title].join(" > ")}` });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of playwrightReport?.suites ?? []) walk(suite, []);
  return timed
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((t) => `${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.name}`);
}
