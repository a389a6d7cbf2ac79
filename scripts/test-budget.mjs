// The test suite's time budget (tests/budgets.json): each part of `npm test` (vitest, build, Playwright)
// may take its budget plus 25 %, scaled by how fast the machine was while that part ran. The same machine
// runs 2.5 times slower in some phases, which can start or end in the middle of a run: a fixed amount of
// CPU work, timed every 15 s in a thread of its own while the suite runs, says by how much, so a slow
// phase does not fail a run and a suite that grew does.
import { pbkdf2Sync } from "node:crypto";
import { Worker } from "node:worker_threads";

const TASK_ITERATIONS = 300_000;

/** Milliseconds of one run of the fixed CPU task. */
function timeTask() {
  const started = performance.now();
  pbkdf2Sync("vitrine", "budget", TASK_ITERATIONS, 32, "sha256");
  return performance.now() - started;
}

/** Milliseconds of the fixed CPU task (the fastest of three): the machine's speed now. */
export function calibrate() {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) best = Math.min(best, timeTask());
  return Math.round(best);
}

/**
 * Times the task every `everyMs` in a worker thread, which keeps timing while the main thread waits on a
 * child process (spawnSync). `during(from, to)` is the mean of the samples taken in that window (epoch
 * ms), or of the nearest one before it when the window was shorter than a period.
 */
export function startSampler(everyMs = 15_000) {
  const shared = new Float64Array(new SharedArrayBuffer(8 * 2 * 4096));
  const count = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { workerData: { shared, count, everyMs, iterations } } = require("node:worker_threads");
     const { pbkdf2Sync } = require("node:crypto");
     const sample = () => {
       const started = performance.now();
       pbkdf2Sync("vitrine", "budget", iterations, 32, "sha256");
       const i = Atomics.load(count, 0);
       if (i * 2 + 1 < shared.length) {
         shared[i * 2] = Date.now();
         shared[i * 2 + 1] = performance.now() - started;
         Atomics.store(count, 0, i + 1);
       }
     };
     sample();
     setInterval(sample, everyMs);`,
    { eval: true, workerData: { shared, count, everyMs, iterations: TASK_ITERATIONS } },
  );
  worker.unref();
  const samples = () =>
    Array.from({ length: Atomics.load(count, 0) }, (_, i) => ({ at: shared[i * 2], ms: shared[i * 2 + 1] }));
  return {
    during(from, to) {
      const all = samples();
      const inside = all.filter((s) => s.at >= from && s.at <= to);
      const chosen = inside.length > 0 ? inside : all.filter((s) => s.at < from).slice(-1);
      if (chosen.length === 0) return null;
      return Math.round(chosen.reduce((sum, s) => sum + s.ms, 0) / chosen.length);
    },
    stop: () => worker.terminate(),
  };
}

/**
 * The parts over budget, one line each. `seconds`: each part's time; `budget`: the file's content, each
 * part with its seconds and the task's mean time while it ran (`{ seconds, calibrationMs }`);
 * `calibrationMs`: the task's mean time while each part ran now. A slower machine than the budget's
 * stretches that part's budget by the same factor; a faster one never shrinks it.
 */
export function overBudget(seconds, budget, calibrationMs) {
  const lines = [];
  for (const [part, allowed] of Object.entries(budget.parts)) {
    const took = seconds[part];
    if (took === undefined) continue;
    const now = calibrationMs[part];
    const slower = now ? Math.max(1, now / allowed.calibrationMs) : 1;
    const limit = allowed.seconds * budget.tolerance * slower;
    if (took > limit)
      lines.push(
        `${part} took ${Math.round(took)} s, over its budget of ${allowed.seconds} s + ${Math.round((budget.tolerance - 1) * 100)} % (${Math.round(limit)} s on this machine now, ${slower.toFixed(2)}× the budget's): tests/budgets.json`,
      );
  }
  return lines;
}
