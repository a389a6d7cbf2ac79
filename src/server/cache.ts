/**
 * Reference data every page reads (categories, VAT rates, brands) kept in memory for a short time. Each
 * process has its own copy; an edit shows within `ttlMs` everywhere, as the search index does.
 */
const caches = new Set<Map<string, unknown>>();

/** Empties every memoized value (another database was attached: tests, tools). */
export function forgetCachedData(): void {
  for (const entries of caches) entries.clear();
}

export function memoize<A extends unknown[], R>(ttlMs: number, load: (...args: A) => Promise<R>) {
  const entries = new Map<string, { at: number; value: Promise<R> }>();
  caches.add(entries);
  const cached = (...args: A): Promise<R> => {
    const key = JSON.stringify(args);
    const hit = entries.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value;
    const value = load(...args);
    entries.set(key, { at: Date.now(), value });
    // A failed load is not kept.
    value.catch(() => entries.delete(key));
    return value;
  };
  cached.clear = () => entries.clear();
  return cached;
}

/** How long reference data stays in memory. */
export const REFERENCE_TTL_MS = 60_000;
