import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/**
 * Server processes a test starts itself (an operator's start, several processes, a copied shop): the
 * production build on a free port, its output kept for the failure report.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Started {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `script` (the built server) with `env` added to this process's (or alone: `cleanEnv`). */
export function startServer(
  env: Record<string, string>,
  script = "dist/main.mjs",
  options: { cwd?: string; args?: string[]; uid?: number; gid?: number; cleanEnv?: boolean } = {},
): Started {
  const child = spawn(process.execPath, options.args ?? [script], {
    env: options.cleanEnv ? { PATH: process.env.PATH ?? "", ...env } : { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.gid } : {}),
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { url: `http://127.0.0.1:${env.PORT}`, child, output: () => output, exited };
}

/** Waits until the server answers `path` (its health, or its readiness), at most a minute. */
export async function ready(started: Started, path = "/healthz"): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const answer = await fetch(`${started.url}${path}`).catch(() => null);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not start:\n${started.output()}`);
}
