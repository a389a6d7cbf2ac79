import { log } from "./observability/log";
import { sweeperRuns } from "./observability/metrics";

/**
 * Work done after the answer is sent, where the answer must not depend on it (a reset request answers
 * the same, in the same time, whether the address has an account). Each task starts at once, runs
 * beside the answer, and logs its failure; `backgroundSettled` waits for every task still running (the
 * graceful shutdown, and tests that read what a task wrote).
 */
// On globalThis: the server's entry and the pages' bundle each hold a copy of this module.
const shared = globalThis as { vitrineBackground?: Set<Promise<void>> };
shared.vitrineBackground ??= new Set();
const running = shared.vitrineBackground;

export function afterAnswer(label: string, task: () => Promise<void>): void {
  const done: Promise<void> = Promise.resolve()
    .then(task)
    .catch((error) => log().error({ err: error, task: label }, "background task failed"))
    .finally(() => running.delete(done));
  running.add(done);
}

export async function backgroundSettled(): Promise<void> {
  while (running.size) await Promise.all([...running]);
}

/** One run of a background sweeper: counted by result in the metrics, a failure logged (the next run retries). */
export function sweeperRun<T>(sweeper: string, run: () => Promise<T>): Promise<T | undefined> {
  return run().then(
    (value) => {
      sweeperRuns().inc({ sweeper, result: "ok" });
      return value;
    },
    (error: unknown) => {
      sweeperRuns().inc({ sweeper, result: "error" });
      log().error({ err: error, sweeper }, "sweeper run failed; the next run retries");
      return undefined;
    },
  );
}
