// @ts-check
/**
 * Astro's island loader and hydration directives stay out of the page (decision 079).
 *
 * Astro writes them inline in front of a page's first island: 4.3 KB of script in every page (2.1 KB of
 * its brotli, enough to take the product page's HTML past the 14.6 KB a new connection's first round
 * trip carries), parsed before the first paint, and seven of the Content-Security-Policy's nine hashes
 * sent with every answer. Our islands hydrate only once the page's scripts run (decision 052), so the
 * loader and the directives come with them instead (src/shell/islands.ts), downloaded once and cached.
 * This plugin makes Astro's `getPrescripts` write nothing. The build fails if the function changes.
 */

const PRESCRIPTS = "function getPrescripts(result, type, directive) {";

/** @returns {import("vite").Plugin} */
export function islandScripts() {
  return {
    name: "vitrine-island-scripts",
    enforce: "post",
    transform(code, id) {
      if (!/\/astro\/dist\/runtime\/server\/scripts\.js$/.test(id)) return undefined;
      if (!code.includes(PRESCRIPTS))
        throw new Error("Astro changed getPrescripts (runtime/server/scripts.js): review scripts/island-scripts.mjs");
      return { code: code.replace(PRESCRIPTS, `${PRESCRIPTS}\n  return "";`), map: null };
    },
  };
}
