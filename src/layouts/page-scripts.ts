/**
 * Every page's scripts, loaded after the first paint (src/shell/first-paint.ts, decision 052): the
 * features' behaviours first (they register their controllers), then the shell, then Astro's island
 * loader and directives (decision 079: no longer inline in the page).
 */
import "./behaviours";
import "~/shell/main";
import "~/shell/islands";
