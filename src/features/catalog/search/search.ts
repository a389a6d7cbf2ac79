import { z } from "zod";

import {
  SEARCH_DEFAULT_ACCURACY,
  SEARCH_DEFAULT_RESULTS,
  SEARCH_MIN_CHARS,
  TYPEAHEAD_LIMIT,
} from "../catalog.constants";

export const SuggestionQuerySchema = z.object({
  q: z.string().trim().min(SEARCH_MIN_CHARS).max(100),
  nbrResults: z.coerce.number().int().min(1).max(TYPEAHEAD_LIMIT).default(SEARCH_DEFAULT_RESULTS),
  accuracy: z.coerce.number().min(0).max(1).default(SEARCH_DEFAULT_ACCURACY),
});

export const SuggestionSchema = z.object({
  Name: z.string(),
  Photo: z.object({ AssetId: z.string(), AssetName: z.string() }).nullable(),
  ProductUrl: z.string(),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;

/**
 * `accuracy` is the similarity a word must keep with the query (0 to 1). As edits allowed per letter:
 * 0.3 (the default) lets a 9-letter word carry two typos; 1 asks for exact words.
 */
export function editRatio(accuracy: number): number {
  return Math.max(0, (1 - accuracy) / 3);
}
