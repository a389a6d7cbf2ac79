// The production server of a build, pinned to core 1 (the load on core 0) when `taskset` is there, on a
// copy of one seeded demo shop, and the shoppers and load the CPU and garbage-collection benches send it.
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import { benchServerEnv } from "./server-env.mjs";
import { sessionWithCartLine } from "./shopper.mjs";

export const pinned = existsSync("/usr/bin/taskset") && Number(execFileSync("nproc").toString()) >= 2;

/** This process (the load) moves to core 0, away from the servers. */
export function pinLoad() {
  if (pinned) execFileSync("taskset", ["-cp", "0", String(process.pid)]);
}

/**
 * Running processes (every thread) on core 1 and this one on core 0 until the returned function puts
 * them all back on every core: a bench's servers measured the way `startServer` starts them.
 */
export function pinRunning(pids) {
  if (!pinned) return () => {};
  const all = `0-${Number(execFileSync("nproc").toString()) - 1}`;
  for (const pid of pids) execFileSync("taskset", ["-acp", "1", String(pid)], { stdio: "ignore" });
  execFileSync("taskset", ["-acp", "0", String(process.pid)], { stdio: "ignore" });
  return () => {
    for (const pid of [...pids, process.pid])
      try {
        execFileSync("taskset", ["-acp", all, String(pid)], { stdio: "ignore" });
      } catch {
        // A process that has exited has no affinity left to restore.
      }
  };
}

/**
 * A server of the build in `dir` on a copy of `template` (seeded by a first start if it is not yet), with
 * `nodeArgs` before the entry; its standard error is ours, its standard output `stdout` ("ignore" or "pipe").
 */
export async function startServer(dir, port, template, { env = {}, nodeArgs = [], stdout = "ignore" } = {}) {
  const file = template.replace(/\.sqlite$/, `-${port}.sqlite`);
  const boot = (databaseUrl, args) => {
    const argv = [...args, "--enable-source-maps", "dist/main.mjs"];
    const child = spawn(pinned ? "taskset" : process.execPath, pinned ? ["-c", "1", process.execPath, ...argv] : argv, {
      cwd: dir,
      env: benchServerEnv(port, { DATABASE_URL: databaseUrl, ...env }),
      stdio: ["ignore", stdout, "inherit"],
    });
    return new Promise((resolve, reject) => {
      child.on("exit", (code) => reject(new Error(`server in ${dir} exited with ${code}`)));
      // Up once it answers its health check (seeding an empty shop first takes a while).
      const poll = async () => {
        const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (response) => response.ok,
          () => false,
        );
        if (up) resolve(child);
        else setTimeout(poll, 250);
      };
      poll();
    });
  };
  const stop = (child) =>
    new Promise((resolve) => {
      child.removeAllListeners("exit");
      child.once("exit", resolve);
      child.kill("SIGTERM");
    });
  if (!existsSync(template)) await stop(await boot(template, []));
  for (const suffix of ["", "-wal", "-shm"]) {
    rmSync(`${file}${suffix}`, { force: true });
    if (existsSync(`${template}${suffix}`)) copyFileSync(`${template}${suffix}`, `${file}${suffix}`);
  }
  const child = await boot(file, nodeArgs);
  return {
    child,
    stop: async () => {
      await stop(child);
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
    },
  };
}

/** The demo shop's shoppers: a visitor with one cart line, and Marie signed in (her browser runs scripts). */
export async function cookiesOf(base) {
  const cart = (await sessionWithCartLine(base)).map((c) => `${c.name}=${c.value}`).join("; ");
  const login = await fetch(`${base}/api/v1/security/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ Email: "marie@vitrine.test", Password: "Vitrine-demo-1" }),
  });
  const customer = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cart: `${cart}; vitrine_js=1`, customer: `${customer}; vitrine_js=1`, none: "vitrine_js=1" };
}

/** `count` requests, 4 at a time; a connection the server closed is asked again. */
export async function load(url, cookie, count) {
  const one = async () => {
    for (;;) {
      try {
        const response = await fetch(url, { headers: { cookie, "accept-encoding": "br, gzip" } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
        return;
      } catch (error) {
        if (error?.cause?.code !== "UND_ERR_SOCKET") throw error;
      }
    }
  };
  let sent = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (sent < count) {
        sent++;
        await one();
      }
    }),
  );
}

/** CPU ticks (user and system) a process has used, from /proc (Linux). */
export function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]);
}
