/**
 * The V8 settings the production server starts with (`npm start`, the Dockerfile's `ENV`, the benches),
 * as `NODE_OPTIONS` so an operator can set her own instead.
 *
 * `--max-semi-space-size=64` (MB): part of what a page rendered for one shopper allocates stays reachable
 * for 40–90 requests after its answer (what keeps it is not found, decision 067); with V8's default
 * young generation (16 MB per semi-space) a scavenge comes every 20 checkouts and promotes about 130 KB
 * of each to the old generation, which costs the scavenge (copying it twice) and the mark-compact after. With 64 MB a
 * scavenge comes every 90 and promotes a third as much: garbage collection 0.59 → 0.30 ms per checkout,
 * for about 65 MB more memory under load (docs/performance.md, docs/operations.md).
 */
export const SERVER_NODE_OPTIONS = "--max-semi-space-size=64";

/** `env` with the server's V8 settings, unless it names its own `NODE_OPTIONS`. */
export function withServerNodeOptions(env) {
  return { ...env, NODE_OPTIONS: env.NODE_OPTIONS ?? SERVER_NODE_OPTIONS };
}
