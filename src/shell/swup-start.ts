import { configureSwup } from "./navigation";
import { checkPluginVersions } from "./plugin-versions";

/**
 * Starts swup (decision 052; it replaced @swup/astro's page script, decision 017): the shell runs after
 * the first paint, so swup and its three plugins load then, in their own file (swup-bundle.ts, scripts/shell-chunk.mjs),
 * and are configured before the instance is published as window.swup: our link rules hold from its
 * first click. Our own fade (CSS on .transition-main) replaces swup's themes; the header parts and body
 * class are replaced by navigation.ts, hover preloading is ours too.
 */
export async function startSwup(): Promise<void> {
  const { createSwup } = await import("./swup-bundle");
  const { swup, plugins } = createSwup();
  // Mounted in the same task, before swup's `enable` hook, as the `plugins` option would: their version
  // requirement checked without Intl (plugin-versions.ts).
  checkPluginVersions(swup.version, plugins);
  for (const plugin of plugins) swup.use(plugin);
  configureSwup(swup);
  (window as unknown as { swup: unknown }).swup = swup;
}
