// @ts-check
import node from "@astrojs/node";
import react from "@astrojs/react";
import swup from "@swup/astro";
import { defineConfig } from "astro/config";
import { astroUrlCheck } from "./scripts/astro-url-check.mjs";
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

export default defineConfig({
  output: "server",
  // Middleware mode: our own small Node server (src/server/http/main.ts) adds compression,
  // precompressed static files and immutable caching around Astro's handler.
  // Pages are rendered whole, then compressed once (decision 051): streaming cost more than it gave.
  adapter: node({ mode: "middleware", experimentalDisableStreaming: true }),
  integrations: [
    vitrineDirectives,
    // Islands' server HTML by renderToString, with the prefix useId needs (scripts/react-string-render.mjs).
    react({ experimentalDisableStreaming: true }),
    swup({
      // Our own fade (CSS on .transition-main, duration PAGE_ANIMATION_MS) costs no JavaScript.
      theme: false,
      containers: ["#swup"],
      cache: true,
      // src/shell/navigation.ts preloads hovered links in a few lines (the plugin is 2.4 KB gzip).
      preload: false,
      // Route announcements are set in the page's language by src/shell/navigation.ts.
      accessibility: true,
      // Jump to the top between pages (hidden by the fade): an animated scroll still running when the
      // shopper goes back would undo the restored position. Anchors use our 800 ms scroll.
      // @ts-expect-error typed as a boolean, but an object is passed on as the scroll plugin's options (dist/script.js)
      smoothScrolling: { animateScroll: { betweenPages: false, samePageWithHash: true, samePage: true } },
      updateHead: true,
      updateBodyClass: false,
      // The header persists across swaps; src/shell/navigation.ts replaces the parts that depend on the
      // page (language links, current category, account) and the body class, for less code than the
      // morph and body-class plugins.
      morph: false,
      reloadScripts: false,
      globalInstance: true,
      loadOnIdle: true,
    }),
  ],
  i18n: {
    locales: CULTURES,
    defaultLocale: "fr",
    routing: "manual",
  },
  security: { checkOrigin: false },
  build: { inlineStylesheets: "auto" },
  server: { host: process.env.HOST ?? "127.0.0.1", port: Number(process.env.PORT ?? 4321) },
  devToolbar: { enabled: false },
  vite: {
    plugins: [shellChunk(), reactStringRender(), astroUrlCheck()],
    resolve: { alias: { "~": new URL("./src", import.meta.url).pathname } },
    ssr: { external: ["better-sqlite3", "pg", "sharp", "ioredis"] },
  },
});
