// @ts-check
/**
 * One file for the JavaScript every page runs after its first paint (the client build only).
 *
 * Vite splits the shell into about fifteen small chunks because lazily loaded controllers and islands
 * share some of its modules; every page still downloads all of them, and each file is compressed on its
 * own (measured: 27.1 KB gzip as 15 files, 21.4 KB as one). This plugin puts every module reachable from
 * the page scripts (src/layouts/page-scripts.ts, which PageFrame.astro's few-line `<script>` imports after
 * the first paint, decision 052) into one `shell` chunk, and swup with its plugins, which the shell
 * then loads, into one `swup` chunk. Modules only lazy code needs stay in their own chunks and import
 * from them.
 */

import { writeFileSync } from "node:fs";
import { join } from "node:path";

/** @param {string} id */
const isPageScript = (id) => /\/src\/layouts\/page-scripts\.ts$/.test(id);

/** @param {string} id */
const isBoot = (id) =>
  /PageFrame\.astro\?astro&type=script/.test(id) ||
  id.includes("vite/preload-helper") ||
  /\/src\/shell\/first-paint\.ts$/.test(id);

/**
 * The shell's own modules that load with swup on the first intent (swup-start.ts): the page-loading rules.
 * @param {string} id
 */
const isSwupShell = (id) => /\/src\/shell\/(swup-bundle|navigation|plugin-versions)\.ts$/.test(id);

/** @param {string} id */
const isSwup = (id) =>
  /\/node_modules\/(swup|@swup\/(?!astro)[^/]+|delegate-it|path-to-regexp|scrl|focus-options-polyfill)\//.test(id) ||
  isSwupShell(id);

/** @param {string} id */
const isAnchors = (id) => /\/src\/shell\/anchors\.ts$/.test(id);

/** @returns {import("vite").Plugin} */
export function shellChunk() {
  let client = false;
  return {
    name: "vitrine-shell-chunk",
    apply: "build",
    /**
     * What each first-load file is made of (issue 19: bytes per module), for `npm run bench`: the size
     * of every module in the shell and swup files as Rollup rendered it, before minification.
     */
    generateBundle(options, bundle) {
      if (!client || !options.dir) return;
      /** @type {Record<string, Record<string, number>>} */
      const files = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !/(boot|shell|swup|splide)/.test(chunk.fileName)) continue;
        files[chunk.fileName] = Object.fromEntries(
          Object.entries(chunk.modules)
            .map(([id, module]) => [
              id.replace(/^.*?\/(node_modules|src)\//, "$1/").replace(/\?.*$/, ""),
              module.renderedLength,
            ])
            .filter(([, length]) => Number(length) > 0)
            .sort((a, b) => Number(b[1]) - Number(a[1])),
        );
      }
      writeFileSync(join(options.dir, "..", "client-modules.json"), `${JSON.stringify(files, null, 2)}\n`);
    },
    config(_config, env) {
      if (env.isSsrBuild) return;
      client = true;
      /** @type {Set<string> | undefined} */
      let shell;
      return {
        build: {
          rollupOptions: {
            output: {
              manualChunks(id, { getModuleIds, getModuleInfo }) {
                if (!shell) {
                  shell = new Set();
                  // The page scripts and what they import, and what the page-loading rules (in the swup file,
                  // loaded on the first intent) import from the shell's own modules: those stay in the
                  // shell file, or Rollup would pull them into the swup file and every lazy controller
                  // that imports one of them would fetch swup with it.
                  const pending = [...getModuleIds()].filter(isPageScript);
                  for (const id of [...getModuleIds()].filter(isSwupShell))
                    pending.push(
                      ...(getModuleInfo(id)?.importedIds ?? []).filter(
                        (imported) => !isSwup(imported) && !isAnchors(imported),
                      ),
                    );
                  while (pending.length > 0) {
                    const next = /** @type {string} */ (pending.pop());
                    if (shell.has(next)) continue;
                    shell.add(next);
                    const info = getModuleInfo(next);
                    if (!info) continue;
                    pending.push(...info.importedIds);
                  }
                }
                // PageFrame.astro's script, the few lines that wait for the first paint and Vite's preload helper
                // they import the shell with: one small entry file. Left alone, Rollup would put the helper in
                // the shell file (a dependency of its modules), which would then load before the first paint,
                // or in a file of its own, one more request in a row before the page's scripts can wait.
                if (isBoot(id)) return "boot";
                if (shell.has(id)) return "shell";
                // swup and its plugins, which the shell imports when it starts: one file every page loads
                // after its first paint, not before (issue 19).
                if (isSwup(id)) return "swup";
                // Same-page anchors' reveal and scroll: the first anchor followed, or swup, loads them.
                if (isAnchors(id)) return "anchors";
                return undefined;
              },
            },
          },
        },
      };
    },
  };
}
