import { registeredPublicVersion } from "./page-cache/registry";
import { collectTags, dependsOn, withoutTags } from "./page-cache/tags";

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
    // Reference data shows no stock or price: what reads it does not follow sales (decision 057).
    const value = withoutTags(() => load(...args));
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
 * of a public table), and while the tags the load depended on keep theirs (decision 057: an order
 * changes the stock of its products only). The next read after a change loads again: exact, not a
 * time-to-live. A load started before a change may finish after it: the change cleared the memo first
 * (or its tags moved past the load's mark), so its answer is never kept for the new version. Without a
 * known version (astro dev, tests, PostgreSQL notifications lost) every call loads. `load` must read
 * public tables only (PUBLIC_PAGE_TABLES in migration 015), and its arguments must name everything else
 * it depends on (the culture, the price country).
 */
export function memoizePublic<A extends unknown[], R>(
  load: (...args: A) => Promise<R>,
  maxEntries = PUBLIC_MEMO_ENTRIES,
) {
  const entries = new Map<string, Kept<R>>();
  caches.add(entries as Map<string, unknown>);
  let entriesVersion: number | null = null;
  return (...args: A): Promise<R> => {
    const source = registeredPublicVersion();
    const version = source?.current() ?? null;
    if (!source || version === null) return load(...args);
    if (version !== entriesVersion) {
      entries.clear();
      entriesVersion = version;
    }
    const key = JSON.stringify(args);
    const hit = entries.get(key);
    if (hit && (hit.versions === null || source.tagsCurrent(hit.versions))) {
      // Most recently used last: the first key is the one to drop.
      entries.delete(key);
      entries.set(key, hit);
      // What reads it depends on its tags too (a page, a memo around this one).
      return hit.value.then((value) => {
        dependsOn(...hit.tags);
        return value;
      });
    }
    const mark = source.tagMark();
    const kept: Kept<R> = { value: Promise.resolve() as Promise<R>, tags: new Set(), versions: null };
    kept.value = collectTags(kept.tags, () => load(...args)).then((value) => {
      const versions = source.tagVersions(kept.tags, mark);
      // A tag changed while it loaded: the answer may predate the change, so it is not kept.
      if (versions === null) {
        if (entries.get(key) === kept) entries.delete(key);
      } else kept.versions = versions;
      return value;
    });
    entries.set(key, kept);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    // A failed load is not kept.
    kept.value.catch(() => {
      if (entries.get(key) === kept) entries.delete(key);
    });
    return kept.value;
  };
}

/** A memoized load: its answer, the tags it depended on, and their versions once it is done. */
interface Kept<R> {
  value: Promise<R>;
  tags: Set<string>;
  versions: Record<string, number> | null;
}
