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
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { cookiesOf, cpuTicks, load, pinLoad, pinned, startServer } from "./pinned-server.mjs";
import { nodeOptionsOf } from "./server-env.mjs";

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

if (values.baseline) {
  pinLoad();
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
        env: {
          PAGE_CACHE_SECONDS: "0",
          NODE_OPTIONS: values["baseline-node-options"] ?? (await nodeOptionsOf(values.baseline)),
        },
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
