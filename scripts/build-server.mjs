// Bundles the production server (settings check, migrations, seed, static files) into plain JavaScript,
// so `npm start` runs on node alone: under a TypeScript loader every dynamic import Astro makes per
// request goes through the loader's worker thread, which cost two thirds of the throughput.
import { cpSync } from "node:fs";
import { build } from "esbuild";

await build({
  entryPoints: ["src/server/http/main.ts"],
  outfile: "dist/main.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
// The postal codes every shop starts with (seedPostalCodes reads them beside the bundle): dist is whole.
cpSync("src/server/db/seed/geo", "dist/geo", { recursive: true, filter: (path) => !path.endsWith(".md") });
console.log("server bundled: dist/main.mjs");
