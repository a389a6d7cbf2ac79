/** Whether `promise` settles within `ms`: a write that must wait (a gate, a lock) is still pending after it. */
export const settledWithin = async (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))]);

/** A promise and the function that settles it: a long write that waits for the test. */
export function latch() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { released, release };
}
