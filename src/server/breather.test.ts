import { describe, expect, it } from "vitest";
import { breather } from "./breather";

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe("breather", () => {
  it("lets other work run while a long loop goes on, not after it", async () => {
    const breathe = breather(5);
    let ranAt: number | undefined;
    setImmediate(() => (ranAt = step));
    let step = 0;
    for (; step < 40; step++) {
      busy(1);
      await breathe();
    }
    expect(ranAt).toBeDefined();
    expect(ranAt).toBeLessThan(10);
  });

  it("costs no turn of the event loop while the work is short", async () => {
    const breathe = breather(1000);
    let ran = false;
    setImmediate(() => (ran = true));
    for (let i = 0; i < 100; i++) await breathe();
    expect(ran).toBe(false);
  });
});
