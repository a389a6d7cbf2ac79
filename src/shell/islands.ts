/**
 * Astro's island loader (`<astro-island>`) and every hydration directive, with the page's scripts: Astro
 * no longer writes them inline in the page (scripts/island-scripts.mjs, decision 079). The directives
 * first: the loader starts the islands already in the page as it defines its element.
 */
import "./island-directives";
import "astro/runtime/server/astro-island.js";
