import { setFlagsFromString } from "node:v8";

/**
 * How far past its live data V8 lets the heap grow before its next full collection, while a bounded
 * piece of work runs (decision 083): 50 %, against V8's own factor of up to 4× when a process allocates
 * fast. A catalogue import allocates fast and keeps little: its rows live for one batch, long enough to be
 * promoted to the old generation, then die there; on its own factor V8 let a 40 MB live heap grow to
 * 170 MB more before collecting it (200,000 variants, the same file again). V8 reads this flag at each
 * full collection, so setting it at run time takes effect at the next one; 0 gives V8 its own factor back.
 */
export const BOUNDED_HEAP_GROWING_PERCENT = 50;

let running = 0;

/** Runs `work` with the heap's growth bounded; overlapping calls share one bound, lifted when the last ends. */
export async function withBoundedHeapGrowth<T>(work: () => Promise<T>): Promise<T> {
  if (running++ === 0) setFlagsFromString(`--heap-growing-percent=${BOUNDED_HEAP_GROWING_PERCENT}`);
  try {
    return await work();
  } finally {
    if (--running === 0) setFlagsFromString("--heap-growing-percent=0");
  }
}
