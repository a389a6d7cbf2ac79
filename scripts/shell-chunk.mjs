// @ts-check
/**
 * One file for the JavaScript every page runs on its first load (the client build only).
 *
 * Vite splits the shell into about fifteen small chunks because lazily loaded controllers and islands
 * share some of its modules; every page still downloads all of them, and each file is compressed on its
 * own (measured: 27.1 KB gzip as 15 files, 21.4 KB as one). This plugin puts every module reachable from
 * the page scripts (the shell's `<script>` in Shell.astro and swup's page script, with swup and its
 * plugins that script loads on idle) into one `shell` chunk. Modules only lazy code needs stay in
 * their own chunks and import from it.
 */

/** @param {string} id */
const isPageScript = (id) => /Shell\.astro\?astro&type=script/.test(id) || id === "astro:scripts/page.js";

/** @returns {import("vite").Plugin} */
export function shellChunk() {
  return {
    name: "vitrine-shell-chunk",
    apply: "build",
    config(_config, env) {
      if (env.isSsrBuild) return;
      /** @type {Set<string> | undefined} */
      let shell;
      return {
        build: {
          rollupOptions: {
            output: {
              manualChunks(id, { getModuleIds, getModuleInfo }) {
                if (!shell) {
                  shell = new Set();
                  const pending = [...getModuleIds()].filter(isPageScript);
                  while (pending.length > 0) {
                    const next = /** @type {string} */ (pending.pop());
                    if (shell.has(next)) continue;
                    shell.add(next);
                    const info = getModuleInfo(next);
                    if (!info) continue;
                    pending.push(...info.importedIds);
                    // swup's page script imports swup and its plugins on idle: every page loads them.
                    if (next === "astro:scripts/page.js") pending.push(...info.dynamicallyImportedIds);
                  }
                }
                return shell.has(id) ? "shell" : undefined;
              },
            },
          },
        },
      };
    },
  };
}
