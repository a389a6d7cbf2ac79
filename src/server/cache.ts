import { registeredPublicVersion } from "./page-cache/registry";

/**
 * Reference data every page reads (categories, VAT rates, brands) kept in memory for a short time. Each
 * process has its own copy; an edit shows within `ttlMs` everywhere, as the search index does, and at
 * once where the server knows the version of public data (the production server, decision 050).
 */
const caches = new Set<Map<string, unknown>>();

/** Empties every memoized value (another database was attached: tests, tools). */
export function forgetCachedData(): void {
  for (const entries of caches) entries.clear();
}

export function memoize<A extends unknown[], R>(ttlMs: number, load: (...args: A) => Promise<R>) {
  const entries = new Map<string, { at: number; version: number | null; value: Promise<R> }>();
  caches.add(entries);
  const cached = (...args: A): Promise<R> => {
    const key = JSON.stringify(args);
    const hit = entries.get(key);
    // A change of public data ends it too (decision 050), so a page rendered after the change never
    // shows the reference data from before it.
    const version = registeredPublicVersion()?.current() ?? null;
    if (hit && Date.now() - hit.at < ttlMs && hit.version === version) return hit.value;
    const value = load(...args);
    entries.set(key, { at: Date.now(), version, value });
    // A failed load is not kept.
    value.catch(() => entries.delete(key));
    return value;
  };
  cached.clear = () => entries.clear();
  return cached;
}

/** How long reference data stays in memory. */
export const REFERENCE_TTL_MS = 60_000;

/** How many argument lists a public-data memo keeps (least recently used first out). */
export const PUBLIC_MEMO_ENTRIES = 300;

/**
 * Data public pages are made of (product lists, a product's page), kept while the version of everything
 * public stays the same (decision 050: database triggers bump it in the same transaction as any change
 * of a public table). The next read after a change loads again: exact, not a time-to-live. A load started
 * before a change may finish after it: the change cleared the memo first, so its answer is never kept
 * for the new version. Without a known version (astro dev, tests, PostgreSQL notifications lost) every
 * call loads. `load` must read public tables only (PUBLIC_PAGE_TABLES in migration 015), and its
 * arguments must name everything else it depends on (the culture, the price country).
 */
export function memoizePublic<A extends unknown[], R>(
  load: (...args: A) => Promise<R>,
  maxEntries = PUBLIC_MEMO_ENTRIES,
) {
  const entries = new Map<string, Promise<R>>();
  caches.add(entries as Map<string, unknown>);
  let entriesVersion: number | null = null;
  return (...args: A): Promise<R> => {
    const version = registeredPublicVersion()?.current() ?? null;
    if (version === null) return load(...args);
    if (version !== entriesVersion) {
      entries.clear();
      entriesVersion = version;
    }
    const key = JSON.stringify(args);
    const hit = entries.get(key);
    if (hit) {
      // Most recently used last: the first key is the one to drop.
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    }
    const value = load(...args);
    entries.set(key, value);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    // A failed load is not kept.
    value.catch(() => {
      if (entries.get(key) === value) entries.delete(key);
    });
    return value;
  };
}
