import { describe, expect, it } from "vitest";
import { inSlices, SLICE_MS } from "./controllers";

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // A behaviour's set-up at work.
  }
};

describe("behaviours set up in slices", () => {
  it("runs queued set-ups in order, starting a new task once a slice is spent", async () => {
    // Counts the tasks that run between the set-ups: a set-up in a new slice sees a higher count.
    let tasks = 0;
    let pumping = true;
    const pump = () => {
      tasks += 1;
      if (pumping) setTimeout(pump, 0);
    };
    setTimeout(pump, 0);
    const seen: { index: number; task: number }[] = [];
    const jobs = Array.from({ length: 12 }, (_, index) =>
      inSlices(() => {
        busy(2);
        seen.push({ index, task: tasks });
        return index;
      }),
    );
    const results = await Promise.all(jobs.map(async (job) => (await job).result));
    pumping = false;
    expect(results).toEqual([...Array(12).keys()]);
    expect(seen.map((s) => s.index)).toEqual([...Array(12).keys()]);
    // 12 set-ups of 2 ms in slices of SLICE_MS: never more than SLICE_MS / 2 + 1 in one task.
    const perTask = new Map<number, number>();
    for (const { task } of seen) perTask.set(task, (perTask.get(task) ?? 0) + 1);
    expect(Math.max(...perTask.values())).toBeLessThanOrEqual(Math.floor(SLICE_MS / 2) + 1);
    expect(perTask.size).toBeGreaterThanOrEqual(4);
  });

  it("does not hold the queue for a set-up that waits (a library to load), and survives one that fails", async () => {
    let release = () => {};
    const slow = inSlices(() => new Promise<void>((resolve) => (release = resolve)));
    const failing = inSlices(() => {
      throw new Error("broken behaviour");
    });
    const after = inSlices(() => "connected");
    await expect(failing).rejects.toThrow("broken behaviour");
    expect((await after).result).toBe("connected");
    release();
    await (await slow).result;
  });
});
