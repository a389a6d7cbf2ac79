import { CULTURES, type Culture, replaceCultureSegment } from "./culture";

/** A page's address in each culture; a page with translated slugs passes its own. */
export type Alternates = Record<Culture, string>;

/** Same path and query in every culture: the default when a page has nothing translated in its URL. */
export function sameRouteAlternates(url: URL): Alternates {
  return Object.fromEntries(
    CULTURES.map((culture) => [culture, `${replaceCultureSegment(url.pathname, culture)}${url.search}`]),
  ) as Alternates;
}

/** Alternates for a page whose last segment is a translated slug; cultures without one fall back to the home page. */
export function sluggedAlternates(
  url: URL,
  build: (culture: Culture, slug: string) => string,
  slugs: Partial<Record<Culture, string>>,
): Alternates {
  return Object.fromEntries(
    CULTURES.map((culture) => {
      const slug = slugs[culture];
      return [culture, slug ? `${build(culture, slug)}${url.search}` : `/${culture}/`];
    }),
  ) as Alternates;
}
