import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { withServerNodeOptions } from "../scripts/server-options.mjs";

/**
 * The environment of a bench's production server on 127.0.0.1:`port` (`extra` adds or overrides).
 * It starts as production does (the V8 settings of scripts/server-options.mjs).
 * Every bench request comes from 127.0.0.1, most without a cookie: the per-address limits would answer
 * 429 and the figures would measure refusals.
 */
export function benchServerEnv(port, extra = {}) {
  return withServerNodeOptions({
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    SESSIONS_PER_IP_PER_HOUR: "1000000",
    ...extra,
  });
}

/**
 * The `NODE_OPTIONS` the build checked out in `dir` starts its server with (its own
 * scripts/server-options.mjs; none before it existed): an earlier build is measured as it ran.
 */
export async function nodeOptionsOf(dir) {
  const file = resolve(dir, "scripts/server-options.mjs");
  if (!existsSync(file)) return "";
  return (await import(pathToFileURL(file).href)).SERVER_NODE_OPTIONS ?? "";
}
