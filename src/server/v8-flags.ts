import { setFlagsFromString } from "node:v8";

/**
 * V8 settings the production server sets on itself, first thing (the first import of main.ts): Node
 * refuses them in `NODE_OPTIONS` (scripts/server-options.mjs holds those it takes), and a server started
 * as `node dist/main.mjs` gets them too.
 *
 * `--no-allocation-site-pretenuring` (decision 080): when most objects made at one place in the code
 * survive a young-generation collection, V8 makes that place allocate straight into the old generation.
 * Fifty renders of one page at once kept that much alive, and places shared with every cached answer
 * (Node's HTTP code, ours) were switched for the rest of the process's life: 11 MB promoted at each
 * scavenge, each scavenge 50 ms instead of 2, a p99 of 45–50 ms instead of 5–11 and a third fewer
 * requests per second on every page, anonymous ones included.
 */
export const SERVER_V8_FLAGS = ["--no-allocation-site-pretenuring"] as const;

for (const flag of SERVER_V8_FLAGS) setFlagsFromString(flag);
