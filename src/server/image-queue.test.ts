import { describe, expect, it } from "vitest";
import { IMAGE_QUEUE_WAITING, imageQueueState, imageWork } from "./image-queue";

describe("the image queue", () => {
  it("decodes one image at a time by default, keeps a short line, and refuses beyond it", async () => {
    let running = 0;
    let most = 0;
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const job = async () => {
      running += 1;
      most = Math.max(most, running);
      await gate;
      await new Promise((resolve) => setTimeout(resolve, 1));
      running -= 1;
      return "done";
    };
    const jobs = Array.from({ length: IMAGE_QUEUE_WAITING + 1 }, () => imageWork(job));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(imageQueueState()).toEqual({ active: 1, waiting: IMAGE_QUEUE_WAITING });
    expect(() => imageWork(job)).toThrow(expect.objectContaining({ code: "ServiceUnavailable", status: 503 }));
    open();
    expect(await Promise.all(jobs)).toHaveLength(IMAGE_QUEUE_WAITING + 1);
    expect(most).toBe(1);
    expect(imageQueueState()).toEqual({ active: 0, waiting: 0 });
  });
});
