import type { Culture } from "~/lib/culture";
import { db } from "~/server/db/client";
import { dependsOn, LISTS_TAG } from "~/server/page-cache/tags";
import { type FeedVariant, feedVariants } from "./catalog-feed.repository";

export type { FeedVariant } from "./catalog-feed.repository";

/** The variants a product feed lists (features/seo), by batches. */
export async function* feedCatalogue(culture: Culture): AsyncGenerator<FeedVariant[]> {
  // It shows every product's stock and price: a cached feed is made fresh by what moves any list
  // (a variant in or out of stock, a price), as category pages are (decision 057).
  dependsOn(LISTS_TAG);
  yield* feedVariants(db(), culture);
}

/** One product's variants as the feeds list them: its page's structured data offers the same. */
export async function productOffers(culture: Culture, productId: number): Promise<FeedVariant[]> {
  const all: FeedVariant[] = [];
  for await (const batch of feedVariants(db(), culture, 1, productId)) all.push(...batch);
  return all;
}
