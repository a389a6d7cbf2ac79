// Server CPU per request of the pages rendered for each shopper, two running servers side by side
// (issue 37): interleaved rounds, each server's CPU read from /proc/<pid>/stat (Linux), so what the
// load generator and other processes spend is not counted. Throughput under 50 connections moves with
// the machine's phases; CPU per request moves less.
//   node bench/cpu.mjs http://127.0.0.1:4500 http://127.0.0.1:4501 [--rounds 8] [--requests 200]
// Both servers run the demo shop (its Marie signs in) with SESSIONS_PER_IP_PER_HOUR high enough.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { sessionWithCartLine } from "./shopper.mjs";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: "string", default: "8" },
    requests: { type: "string", default: "200" },
    warmup: { type: "string", default: "1500" },
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

const servers = await Promise.all(
  positionals.slice(0, 2).map(async (base) => ({ base, pid: pidOf(base), cookies: await cookiesOf(base) })),
);
if (servers.length !== 2) throw new Error("two server addresses: before, then after");
const pages = [
  ["/fr/account", "customer"],
  ["/fr/shoppingcarts", "cart"],
  ["/fr/checkout", "cart"],
];
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
  const ratios = samples[0].map((before, round) => before / samples[1][round]).sort((x, y) => x - y);
  const f = (n) => n.toFixed(2);
  console.log(
    `${path.padEnd(18)} before ${f(a.min)} / ${f(a.median)} ms, after ${f(b.min)} / ${f(b.median)} ms (min / median): ` +
      `${f(a.min / b.min)}× / ${f(a.median / b.median)}×, median of rounds ${f(ratios[Math.floor(ratios.length / 2)])}×`,
  );
}
