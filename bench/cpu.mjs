// Server CPU per request of the pages rendered for each shopper, two servers side by side (issue 37):
// interleaved rounds, each server's CPU read from /proc/<pid>/stat (Linux), so what the load generator and
// other processes spend is not counted. Throughput under 50 connections moves with the machine's phases;
// CPU per request moves less.
//   node bench/cpu.mjs --baseline DIR [--pairs 3]   fresh servers of DIR's build and of this one, in pairs
//   node bench/cpu.mjs --baseline DIR --baseline-node-options="--max-semi-space-size=64"   the baseline with
//                                                    this build's V8 settings (each starts with its own)
//   node bench/cpu.mjs BEFORE_URL AFTER_URL          two servers already running
// Two processes of one build differ by up to 15 % (how V8 happened to optimize and lay out each one), so
// --baseline starts a fresh pair for each measurement, both pinned to one core (the load generator on the
// other) when `taskset` is there, on copies of one seeded demo shop per build. Running servers need the
// demo shop (its Marie signs in) and SESSIONS_PER_IP_PER_HOUR high enough.
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { benchServerEnv, nodeOptionsOf } from "./server-env.mjs";
import { sessionWithCartLine } from "./shopper.mjs";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: "string", default: "8" },
    requests: { type: "string", default: "200" },
    warmup: { type: "string", default: "1500" },
    baseline: { type: "string" },
    pairs: { type: "string", default: "3" },
    "baseline-node-options": { type: "string" },
  },
});
const rounds = Number(values.rounds);
const requests = Number(values.requests);
const warmup = Number(values.warmup);

/** The process listening on a URL's port. */
function pidOf(base) {
  const port = new URL(base).port;
  const line = execFileSync("ss", ["-ltnpH", `sport = :${port}`]).toString();
  const pid = /pid=(\d+)/.exec(line)?.[1];
  if (!pid) throw new Error(`nothing listens on ${base}`);
  return pid;
}

function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

async function cookiesOf(base) {
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
  return { cart: `${cart}; vitrine_js=1`, customer: `${customer}; vitrine_js=1` };
}

/** `count` requests, 4 at a time; a connection the server closed is asked again. */
async function load(url, cookie, count) {
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

const pages = [
  ["/fr/account", "customer"],
  ["/fr/shoppingcarts", "cart"],
  ["/fr/checkout", "cart"],
];

/** CPU per request of each page on both servers: the median of the rounds' ratios, before / after. */
async function measure(bases) {
  const servers = await Promise.all(
    bases.map(async (base) => ({ base, pid: pidOf(base), cookies: await cookiesOf(base) })),
  );
  const ratios = {};
  for (const [path, who] of pages) {
    const samples = servers.map(() => []);
    // V8 keeps optimizing a server's code for thousands of requests: both are warmed alike first.
    for (const server of servers) await load(`${server.base}${path}`, server.cookies[who], warmup);
    for (let round = 0; round < rounds; round++) {
      // Each server goes first every other round: the one measured second does not always find the
      // machine as the first one left it.
      const order = round % 2 ? [1, 0] : [0, 1];
      for (const i of order) {
        const server = servers[i];
        const before = cpuTicks(server.pid);
        await load(`${server.base}${path}`, server.cookies[who], requests);
        samples[i].push(((cpuTicks(server.pid) - before) * 10) / requests);
      }
    }
    const [a, b] = samples.map((list) => {
      const sorted = [...list].sort((x, y) => x - y);
      return { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)] };
    });
    // Each round measures both servers one after the other: the ratio within a round moves less than
    // either server's own figures when the machine's speed changes.
    const perRound = samples[0].map((before, round) => before / samples[1][round]).sort((x, y) => x - y);
    ratios[path] = perRound[Math.floor(perRound.length / 2)];
    console.log(
      `${path.padEnd(18)} before ${f(a.min)} / ${f(a.median)} ms, after ${f(b.min)} / ${f(b.median)} ms (min / median): ` +
        `${f(a.min / b.min)}× / ${f(a.median / b.median)}×, median of rounds ${f(ratios[path])}×`,
    );
  }
  return ratios;
}

function f(n) {
  return n.toFixed(2);
}

const pinned = existsSync("/usr/bin/taskset") && Number(execFileSync("nproc").toString()) >= 2;

/** A server of the build in `dir` on a copy of `template` (seeded by a first start if it is not yet). */
async function startServer(dir, port, template, extraEnv = {}) {
  const file = template.replace(/\.sqlite$/, `-${port}.sqlite`);
  const boot = (databaseUrl) => {
    const args = ["--enable-source-maps", "dist/main.mjs"];
    const child = spawn(pinned ? "taskset" : process.execPath, pinned ? ["-c", "1", process.execPath, ...args] : args, {
      cwd: dir,
      env: benchServerEnv(port, { DATABASE_URL: databaseUrl, ...extraEnv }),
      stdio: ["ignore", "ignore", "inherit"],
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
  if (!existsSync(template)) await stop(await boot(template));
  for (const suffix of ["", "-wal", "-shm"]) {
    rmSync(`${file}${suffix}`, { force: true });
    if (existsSync(`${template}${suffix}`)) copyFileSync(`${template}${suffix}`, `${file}${suffix}`);
  }
  const child = await boot(file);
  return { stop: () => stop(child) };
}

if (values.baseline) {
  if (pinned) execFileSync("taskset", ["-cp", "0", String(process.pid)]);
  mkdirSync("data", { recursive: true });
  const stamp = Date.now();
  const templates = {
    before: resolve(`data/bench-cpu-before-${stamp}.sqlite`),
    after: resolve(`data/bench-cpu-after-${stamp}.sqlite`),
  };
  const all = [];
  try {
    for (let pair = 1; pair <= Number(values.pairs); pair++) {
      console.log(`pair ${pair}${pinned ? " (servers on core 1, load on core 0)" : ""}`);
      // The baseline uncached, as it was measured when it was the current build.
      const before = await startServer(resolve(values.baseline), 4431, templates.before, {
        PAGE_CACHE_SECONDS: "0",
        NODE_OPTIONS: values["baseline-node-options"] ?? (await nodeOptionsOf(values.baseline)),
      });
      const after = await startServer(resolve("."), 4432, templates.after);
      try {
        all.push(await measure(["http://127.0.0.1:4431", "http://127.0.0.1:4432"]));
      } finally {
        await Promise.all([before.stop(), after.stop()]);
      }
    }
  } finally {
    for (const template of Object.values(templates))
      for (const file of [template, ...[4431, 4432].map((port) => template.replace(/\.sqlite$/, `-${port}.sqlite`))])
        for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
  }
  console.log("\nmedian of the pairs (before / after CPU per request):");
  for (const [path] of pages) {
    const list = all.map((ratios) => ratios[path]).sort((x, y) => x - y);
    console.log(`${path.padEnd(18)} ${f(list[Math.floor(list.length / 2)])}×  (pairs: ${list.map(f).join(", ")})`);
  }
} else {
  if (positionals.length !== 2) throw new Error("two server addresses (before, then after), or --baseline DIR");
  await measure(positionals);
}
