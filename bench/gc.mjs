// What a page rendered for one shopper leaves to the garbage collector (issue 37, decision 067): the
// production server of this build on a copy of the demo shop, started with `--trace-gc-nvp`, then the
// page asked `--requests` times after `--warmup`: scavenges, mark-compacts, bytes promoted to the old
// generation and pause per request. `--heap-sample FILE` also records, by allocation site, what lived
// through scavenges (V8's sampling heap profiler without what minor collections free) and prints the top.
//   node bench/gc.mjs [--page /fr/checkout] [--who cart|customer|none] [--semi-space 16] [--heap-sample F]
// Run `npm run build` first. Not a test: one server, one page, figures that move with the machine.
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { cookiesOf, load, pinLoad, startServer } from "./pinned-server.mjs";

const { values } = parseArgs({
  options: {
    page: { type: "string", default: "/fr/checkout" },
    who: { type: "string", default: "cart" },
    requests: { type: "string", default: "2000" },
    warmup: { type: "string", default: "1500" },
    "semi-space": { type: "string" },
    "heap-sample": { type: "string" },
  },
});
const requests = Number(values.requests);
const port = 4434;
const base = `http://127.0.0.1:${port}`;

pinLoad();
mkdirSync("data", { recursive: true });
const template = resolve(`data/bench-gc-${Date.now()}.sqlite`);
const sample = values["heap-sample"] ? resolve(values["heap-sample"]) : undefined;
const server = await startServer(resolve("."), port, template, {
  nodeArgs: ["--trace-gc-nvp", ...(sample ? ["--import", "./bench/heap-sampler.mjs"] : [])],
  env: {
    ...(values["semi-space"] ? { NODE_OPTIONS: `--max-semi-space-size=${values["semi-space"]}` } : {}),
    ...(sample ? { VITRINE_HEAP_SAMPLE: sample } : {}),
  },
  stdout: "pipe",
});
const lines = [];
let partial = "";
server.child.stdout.setEncoding("utf8");
server.child.stdout.on("data", (chunk) => {
  const all = (partial + chunk).split("\n");
  partial = all.pop() ?? "";
  for (const line of all) if (/ gc=\w+ /.test(line)) lines.push(line);
});
try {
  const cookie = (await cookiesOf(base))[values.who];
  if (!cookie) throw new Error(`--who: cart, customer or none, not ${values.who}`);
  const url = `${base}${values.page}`;
  await load(url, cookie, Number(values.warmup));
  if (sample) server.child.kill("SIGUSR2");
  const from = lines.length;
  await load(url, cookie, requests);
  const measured = lines.slice(from);
  let scavenges = 0;
  let compactions = 0;
  let promoted = 0;
  let pause = 0;
  for (const line of measured) {
    const kind = / gc=(\w+) /.exec(line)?.[1];
    pause += Number(/pause=([\d.]+)/.exec(line)?.[1] ?? 0);
    if (kind === "s") {
      scavenges++;
      promoted += Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0);
    } else compactions++;
  }
  console.log(
    `${values.page} (${values.who}), ${requests} requests: ${scavenges} scavenges, ${compactions} mark-compacts, ` +
      `${(promoted / requests / 1024).toFixed(1)} KB promoted and ${(pause / requests).toFixed(3)} ms of pauses per request`,
  );
  if (sample) {
    rmSync(sample, { force: true });
    server.child.kill("SIGUSR2");
    for (let i = 0; i < 100 && !readable(sample); i++) await new Promise((done) => setTimeout(done, 100));
    printSample(JSON.parse(readFileSync(sample, "utf8")), requests);
  }
} finally {
  await server.stop();
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${template}${suffix}`, { force: true });
}

function readable(file) {
  try {
    JSON.parse(readFileSync(file, "utf8"));
    return true;
  } catch {
    return false;
  }
}

/** The allocation sites whose objects lived through scavenges, largest first, per request. */
function printSample(profile, count) {
  const bySite = new Map();
  let total = 0;
  const walk = (node) => {
    const frame = node.callFrame;
    const site = `${frame.functionName || "(anonymous)"} ${frame.url.split("/").slice(-2).join("/")}:${frame.lineNumber + 1}`;
    if (node.selfSize) {
      total += node.selfSize;
      bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child);
  };
  walk(profile.head);
  console.log(`lived through scavenges: ${(total / count / 1024).toFixed(1)} KB per request; by allocation site:`);
  for (const [site, size] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`  ${(size / count / 1024).toFixed(2).padStart(7)} KB  ${site}`);
}
