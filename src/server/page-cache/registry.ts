import type { PageCache } from "./page-cache";

/**
 * The production server (dist/main.mjs) makes the page cache; Astro's bundle, with its own copy of every
 * module, stores what it renders in it. globalThis joins the two, as for the inline scripts
 * (src/server/http/security.ts). Without the production server (astro dev, tests) there is no cache.
 */
const shared = globalThis as { vitrinePageCache?: PageCache };

export function registerPageCache(cache: PageCache | undefined): void {
  shared.vitrinePageCache = cache;
}

export function registeredPageCache(): PageCache | undefined {
  return shared.vitrinePageCache;
}
