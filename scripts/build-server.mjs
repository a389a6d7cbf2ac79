// Bundles the production server (settings check, migrations, seed, static files) into plain JavaScript,
// so `npm start` runs on node alone: under a TypeScript loader every dynamic import Astro makes per
// request goes through the loader's worker thread, which cost two thirds of the throughput.
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
console.log("server bundled: dist/main.mjs");
