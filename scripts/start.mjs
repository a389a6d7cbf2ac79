// `npm start`: build when the sources are newer than the last build, then run the production server.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { withServerNodeOptions } from "./server-options.mjs";

const STAMP = "dist/.build-stamp";
const SOURCES = ["src", "i18n", "public", "astro.config.mjs", "package.json"];

function newest(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(info.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
if (process.env.SKIP_BUILD !== "1" && Math.max(...SOURCES.map(newest)) > built) {
  console.log("building the site...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(STAMP, new Date().toISOString());
}
// The server runs as a child: SIGTERM and SIGINT sent to `npm start` reach it (a container runtime
// stops it gracefully), and `npm start` exits with its code.
const server = spawn(process.execPath, ["--enable-source-maps", "dist/main.mjs"], {
  stdio: "inherit",
  env: withServerNodeOptions({ NODE_ENV: "production", ...process.env }),
});
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
