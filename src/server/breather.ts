import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * For long work inside a request (a catalogue import): `await breathe()` between steps hands the event
 * loop to other requests once this work has held it for `ms`. A query on SQLite runs synchronously and
 * Kysely's promises resolve as microtasks, so without it an import of 20,000 products answers no page
 * until it ends.
 */
export function breather(ms = 3): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < ms) return;
    await nextTurn();
    since = performance.now();
  };
}
