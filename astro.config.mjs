// @ts-check
import node from "@astrojs/node";
import react from "@astrojs/react";
import { defineConfig } from "astro/config";
import { astroUrlCheck } from "./scripts/astro-url-check.mjs";
import { islandScripts } from "./scripts/island-scripts.mjs";
import { reactStringRender } from "./scripts/react-string-render.mjs";
import { shellChunk } from "./scripts/shell-chunk.mjs";

const CULTURES = ["fr", "nl", "es", "de", "it", "pt"];

/**
 * `client:interaction`: hydrate an island on first use (src/shell/directives/interaction.ts);
 * `client:event`: only when a named document event fires (src/shell/directives/event.ts).
 */
const vitrineDirectives = {
  name: "vitrine-directives",
  hooks: {
    /** @param {{ addClientDirective: (d: { name: string; entrypoint: string }) => void }} options */
    "astro:config:setup": ({ addClientDirective }) => {
      addClientDirective({ name: "interaction", entrypoint: "./src/shell/directives/interaction.ts" });
      addClientDirective({ name: "event", entrypoint: "./src/shell/directives/event.ts" });
    },
  },
};

/**
 * The Node adapter's build with our own server entry (src/server/http/astro-entry.ts, decision 074): its
 * handler renders without an `AsyncLocalStorage` around each page and writes kept bytes at once.
 */
function nodeAdapter() {
  const adapter = node({ mode: "middleware", experimentalDisableStreaming: true });
  const configDone = adapter.hooks["astro:config:done"];
  if (!configDone) throw new Error("@astrojs/node no longer sets its adapter in astro:config:done");
  adapter.hooks["astro:config:done"] = (options) =>
    configDone({
      ...options,
      setAdapter: (settings) =>
        options.setAdapter({
          ...settings,
          serverEntrypoint: new URL("./src/server/http/astro-entry.ts", import.meta.url),
          previewEntrypoint: undefined,
          exports: ["handler", "options"],
        }),
    });
  return adapter;
}

export default defineConfig({
  output: "server",
  // Middleware mode: our own small Node server (src/server/http/main.ts) adds compression,
  // precompressed static files and immutable caching around Astro's handler.
  // Pages are rendered whole, then compressed once (decision 051): streaming cost more than it gave.
  adapter: nodeAdapter(),
  integrations: [
    vitrineDirectives,
    // Islands' server HTML by renderToString, with the prefix useId needs (scripts/react-string-render.mjs).
    react({ experimentalDisableStreaming: true }),
  ],
  i18n: {
    locales: CULTURES,
    defaultLocale: "fr",
    routing: "manual",
  },
  security: { checkOrigin: false },
  build: { inlineStylesheets: "never" },
  server: { host: process.env.HOST ?? "127.0.0.1", port: Number(process.env.PORT ?? 4321) },
  devToolbar: { enabled: false },
  vite: {
    build: { cssCodeSplit: false, minify: "terser", terserOptions: { compress: { passes: 2 } } },
    plugins: [shellChunk(), reactStringRender(), islandScripts(), astroUrlCheck()],
    resolve: { alias: { "~": new URL("./src", import.meta.url).pathname } },
    ssr: { external: ["better-sqlite3", "pg", "sharp", "ioredis"] },
  },
});
