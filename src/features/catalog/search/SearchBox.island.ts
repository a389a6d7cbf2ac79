import { z } from "zod";
import { defineIsland } from "~/features/islands/islands";
import { SEARCH_DEFAULT_RESULTS, TYPEAHEAD_LIMIT } from "../catalog.constants";

export const searchBoxIsland = defineIsland({
  name: "search-box",
  component: "SearchBox",
  description:
    "Product search box (ARIA combobox): fuzzy suggestions with photos from 2 characters; a GET form to the search results without JavaScript. Hydrates on first interaction.",
  props: z.object({
    /** Suggestions shown, up to the typeahead limit. */
    limit: z.number().int().min(1).max(TYPEAHEAD_LIMIT).default(SEARCH_DEFAULT_RESULTS),
    value: z.string().max(200).default(""),
  }),
  fixtures: {
    default: {},
    "with-query": { value: "coton" },
    typeahead: { limit: TYPEAHEAD_LIMIT },
  },
});
