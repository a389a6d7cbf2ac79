import type { Culture } from "~/lib/culture";
import { db } from "~/server/db/client";
import { type FeedVariant, feedVariants } from "./catalog-feed.repository";

export type { FeedVariant } from "./catalog-feed.repository";

/** The variants a product feed lists (features/seo), by batches. */
export function feedCatalogue(culture: Culture): AsyncGenerator<FeedVariant[]> {
  return feedVariants(db(), culture);
}
