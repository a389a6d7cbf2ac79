// @ts-check
/**
 * Astro escapes an attribute unless it is an http(s) URL holding "&", and finds out by `new URL(value)`
 * inside try/catch: every relative link with a query of two parameters (each card's wishlist link, the
 * pagination) threw and caught an exception, about 3 % of a list page's render under load (CPU profile,
 * decision 051). This plugin answers "no" first for a value that does not start with http: or https:,
 * so no exception is made; a value it misjudges is only escaped, which is still a correct attribute.
 * The build fails if the function it patches changes.
 */

const FUNCTION = "function isHttpUrl(url) {\n  try {";
const PATCHED = "function isHttpUrl(url) {\n  if (!/^[\\s\\x00-\\x1f]*https?:/i.test(url)) return false;\n  try {";

/** @returns {import("vite").Plugin} */
export function astroUrlCheck() {
  return {
    name: "vitrine-astro-url-check",
    enforce: "post",
    transform(code, id) {
      if (!/astro\/dist\/runtime\/server\/render\/util\.js$/.test(id)) return undefined;
      if (!code.includes(FUNCTION)) throw new Error("astro changed isHttpUrl: review scripts/astro-url-check.mjs");
      return code.replace(FUNCTION, PATCHED);
    },
  };
}
