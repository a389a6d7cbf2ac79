import { currentScope, withinScope } from "../async-scope";

/**
 * What a rendered page, or a memoized read, depends on beyond the one version of everything public
 * (decision 057): the tags of the products whose stock or price it shows, and `lists` when it shows
 * which products a list holds. The code that reads stock or prices says so (`dependsOn`); whoever keeps
 * the result (the page cache, `memoizePublic`) collects the tags said while it ran (`collectTags`).
 * Collections nest: a memo read inside a page adds its tags to the page's too. They live in the request's
 * scope (src/server/async-scope.ts).
 */

/** The tag of a product's stock and prices. */
export const productTag = (productId: number): string => `product:${productId}`;

/** What lists hold, their order and facets (a product in or out of stock, any price). */
export const LISTS_TAG = "lists";

/** Records that what is being computed shows these tags' data. */
export function dependsOn(...tags: string[]): void {
  const collections = currentScope()?.tags;
  if (!collections) return;
  for (const collection of collections) for (const tag of tags) collection.add(tag);
}

/** Runs `work`, collecting the tags said in it (and in what it awaits) into `into`. */
export function collectTags<T>(into: Set<string>, work: () => T): T {
  return withinScope({ tags: [...(currentScope()?.tags ?? []), into] }, work);
}

/**
 * Runs `work` outside every collection: for what shows no stock or price although it reads products
 * (reference data kept by time, the menu's featured photo), so the pages that show it do not follow
 * those products' sales.
 */
export function withoutTags<T>(work: () => T): T {
  return withinScope({ tags: [] }, work);
}
