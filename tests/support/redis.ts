import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { Redis } from "ioredis";

/**
 * The Redis the tests may use: TEST_REDIS_URL when set (CI sets it, so CI always runs these tests), else
 * a local Redis on the default port if one answers within a second. Null (tests skipped, reason printed)
 * when neither: a fresh machine without Redis still passes `npm test`.
 */
export async function redisForTests(): Promise<string | null> {
  if (process.env.TEST_REDIS_URL) return process.env.TEST_REDIS_URL;
  const url = "redis://127.0.0.1:6379";
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on("error", () => {});
  try {
    await probe.connect();
    await probe.ping();
    return url;
  } catch {
    console.log("Redis tests skipped: TEST_REDIS_URL is not set and no Redis answers on 127.0.0.1:6379");
    return null;
  } finally {
    probe.disconnect();
  }
}

/** Whether this machine can start a Redis of a test's own (fault tests stop only their own). */
export const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;

/** A Redis of this test's own, on a port of its own: the only one this test stops. */
export function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: ["ignore", "pipe", "ignore"],
    },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Ready to accept connections")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
}

export function stopRedis(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}
