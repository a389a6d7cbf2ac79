import type { PageCache } from "./page-cache";
import type { PageVersionSource } from "./page-version";

/**
 * The production server (dist/main.mjs) makes the page cache; Astro's bundle, with its own copy of every
 * module, stores what it renders in it. globalThis joins the two, as for the inline scripts
 * (src/server/http/security.ts). Without the production server (astro dev, tests) there is no cache.
 */
const shared = globalThis as { vitrinePageCache?: PageCache; vitrinePublicVersion?: PageVersionSource };

export function registerPageCache(cache: PageCache | undefined): void {
  shared.vitrinePageCache = cache;
}

export function registeredPageCache(): PageCache | undefined {
  return shared.vitrinePageCache;
}

/**
 * The version of everything public (decision 050), for the data public pages are made of
 * (`memoizePublic` in src/server/cache.ts). The production server registers it whether or not the page
 * cache is on; without it (astro dev, tests) nothing is memoized by version.
 */
export function registerPublicVersion(source: PageVersionSource | undefined): void {
  shared.vitrinePublicVersion = source;
}

export function registeredPublicVersion(): PageVersionSource | undefined {
  return shared.vitrinePublicVersion;
}
