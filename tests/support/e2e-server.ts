import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { startOutsideFake } from "./outside-fake";

/**
 * Each Playwright worker runs its own production server on its own database (docs/testing.md): tests
 * in one worker never see another worker's writes, so workers run side by side. Ports step by 20 from
 * E2E_PORT (4399): a spec that starts a server of its own (outage.spec) takes one of its worker's 20.
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 4399);
export const PORTS_PER_WORKER = 20;

export interface WorkerServer {
  url: string;
  port: number;
  database: string;
  stop(): Promise<void>;
}

export function workerPort(parallelIndex: number): number {
  return E2E_BASE_PORT + PORTS_PER_WORKER * parallelIndex;
}

/**
 * The worker's outside origin (tests/support/outside-fake.ts): the tag-manager container and the map
 * styles the test servers are configured with. Set once the worker's server starts.
 */
export function outsideOrigin(): string {
  return process.env.E2E_OUTSIDE_ORIGIN ?? "http://127.0.0.1:9";
}

/** The environment every test server runs with (the production build, dev islands on, wide limits). */
export function serverEnvironment(port: number, database: string): Record<string, string> {
  const outside = outsideOrigin();
  return {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: database,
    ASSETS_DIR: "data/test-assets",
    SEED_PRODUCTS: "60",
    ENABLE_DEV_ISLANDS: "true",
    // A kept page lasts longer than the slowest test's walk through it (a slow day makes a 60 s walk):
    // what changes a page still takes it out, by the version and tags the database's triggers move.
    PAGE_CACHE_SECONDS: "3600",
    // Every test signs in from 127.0.0.1: the whole suite (and --repeat-each) must fit in one window.
    SIGN_IN_ATTEMPTS_PER_IP: "1000",
    // ...and opens its sessions and makes its uploads from there too.
    SESSIONS_PER_IP_PER_HOUR: "100000",
    ASSET_WRITES_PER_IP: "100000",
    ASSET_WRITES_PER_EDITOR: "100000",
    // A tag-manager container and two map types (so the map-type buttons show) from the worker's fake.
    TAG_MANAGER_ID: "GTM-TEST1",
    TAG_MANAGER_ORIGIN: outside,
    MAP_STYLES: `roadmap=${outside}/roadmap.json,satellite=${outside}/satellite.json`,
  };
}

/** Starts the built server (dist/main.mjs) on a new database and waits until its home page answers. */
export async function startWorkerServer(parallelIndex: number, label: string): Promise<WorkerServer> {
  const port = workerPort(parallelIndex);
  // A shuffled run (playwright.config.ts) keeps one database for all its files, in the order drawn.
  const shared = process.env.E2E_SHUFFLE_RUN ? `data/e2e-shuffle-${process.env.E2E_SHUFFLE_RUN}.sqlite` : null;
  const database = shared ?? `data/e2e-${Date.now()}-w${parallelIndex}.sqlite`;
  const url = `http://127.0.0.1:${port}`;
  // Another run's server on this port (a second checkout's tests) would answer for ours, and this run's
  // tests would drive that server's build and database: refused instead, after a few seconds for a
  // replaced worker's server to finish stopping.
  for (let waited = 0; ; waited += 250) {
    const answered = await fetch(`${url}/readyz`).then(
      () => true,
      () => false,
    );
    if (!answered) break;
    if (waited >= 15_000) throw new Error(`port ${port} already has a server: another test run is using it`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const fake = await startOutsideFake();
  process.env.E2E_OUTSIDE_ORIGIN = fake.base;
  const child: ChildProcess = spawn(process.execPath, ["--enable-source-maps", "dist/main.mjs"], {
    env: { ...process.env, ...serverEnvironment(port, database) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[server ${label}] ${chunk}`));
  let exited: string | null = null;
  child.on("exit", (code, signal) => {
    exited = `exited with ${code ?? signal}`;
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`the test server on port ${port} ${exited}`);
    try {
      if ((await fetch(`${url}/fr/`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the test server on port ${port} did not answer within 120 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    port,
    database,
    stop: () =>
      new Promise<void>((resolve) => {
        const removeDatabase = () => {
          void fake.close();
          if (!shared) for (const suffix of ["", "-wal", "-shm"]) rmSync(`${database}${suffix}`, { force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return removeDatabase();
        child.once("exit", removeDatabase);
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
      }),
  };
}
