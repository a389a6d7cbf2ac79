// The test suite's time budget (tests/budgets.json): each part of `npm test` (vitest, build, Playwright)
// may take its budget plus 25 %, scaled by how fast the machine is right now. The same machine runs 2.5
// times slower in some phases: a fixed amount of CPU work, timed before the suite starts, says by how
// much, so a slow phase does not fail a run and a suite that grew does.
import { pbkdf2Sync } from "node:crypto";

/** Milliseconds of a fixed CPU task (the fastest of three): the machine's speed now. */
export function calibrate() {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    pbkdf2Sync("vitrine", "budget", 300_000, 32, "sha256");
    best = Math.min(best, performance.now() - started);
  }
  return Math.round(best);
}

/**
 * The parts over budget, one line each. `seconds`: each part's time; `budget`: the file's content;
 * `calibrationMs`: `calibrate()` now. A slower machine than the budget's stretches every budget by the
 * same factor; a faster one never shrinks them.
 */
export function overBudget(seconds, budget, calibrationMs) {
  const slower = Math.max(1, calibrationMs / budget.calibrationMs);
  const lines = [];
  for (const [part, allowed] of Object.entries(budget.parts)) {
    const took = seconds[part];
    if (took === undefined) continue;
    const limit = allowed * budget.tolerance * slower;
    if (took > limit)
      lines.push(
        `${part} took ${Math.round(took)} s, over its budget of ${allowed} s + ${Math.round((budget.tolerance - 1) * 100)} % (${Math.round(limit)} s on this machine now, ${slower.toFixed(2)}× the budget's): tests/budgets.json`,
      );
  }
  return lines;
}
