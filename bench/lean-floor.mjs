// Where a cached answer's cost beyond the bare copy lives (issue 37, decision 077): CPU per answer of our
// production server's cached list against the bare copy answering the same bytes and headers at once,
// with, one by one, what every answer of ours also pays: the request scope's AsyncLocalStorage (entered
// per request), the access line and the duration metric, and the process's size (Astro's server bundle
// loaded and 300,000 objects kept). Each server pinned to core 1, the load on core 0, alternating rounds;
// CPU read from /proc/<pid>/stat (Linux), so the load generator is not counted.
//   npm run build && node bench/lean-floor.mjs [--rounds 6] [--seconds 4]
// Not a test: figures that move with the machine's phase; compare the rows of one run only.
import { AsyncLocalStorage } from "node:async_hooks";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { brotliCompressSync } from "node:zlib";
import autocannon from "./cannon.mjs";
import { cpuTicks, pinLoad, pinned, startServer } from "./pinned-server.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: "string", default: "6" },
    seconds: { type: "string", default: "4" },
    serve: { type: "string" },
  },
});

/** Headers Node sets per answer, never copied from the page's. */
const OWN = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding"]);

/** `--serve als,log,metric,bloat PORT URL`: the bare copy with our headers, and what the flags add. */
async function serve(flags, port, url) {
  await (await fetch(url)).arrayBuffer();
  const response = await fetch(url);
  const body = brotliCompressSync(Buffer.from(await response.arrayBuffer()));
  const flat = [...response.headers].filter(([name]) => !OWN.has(name) && name !== "x-request-id").flat();
  const require = createRequire(import.meta.url);
  let kept;
  if (flags.has("bloat")) {
    await import(pathToFileURL(resolve("dist/server/entry.mjs")).href);
    kept = Array.from({ length: 300_000 }, (_, i) => ({ i, text: `x${i}`, pair: [i, i + 1] }));
  }
  const { Histogram } = require("prom-client");
  const metric = flags.has("metric")
    ? new Histogram({ name: "d", help: "d", labelNames: ["route", "method", "status"], buckets: [0.005, 0.05, 0.5] })
    : undefined;
  const pino = require("pino");
  const out = flags.has("log") ? pino.destination({ dest: "/dev/null", sync: false, minLength: 4096 }) : undefined;
  const storage = new AsyncLocalStorage();
  const answer = (req, res) => {
    const started = process.hrtime.bigint();
    const id = randomUUID();
    if (metric || out)
      res.once("finish", () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        metric?.observe({ route: "page-cache", method: req.method, status: String(res.statusCode) }, seconds);
        out?.write(
          `{"level":"info","time":"${new Date().toISOString()}","pid":${process.pid},"requestId":${JSON.stringify(id)},"method":${JSON.stringify(req.method)},"path":${JSON.stringify(req.url)},"route":"page-cache","status":${res.statusCode},"ms":${Math.round(seconds * 1e4) / 10},"bytes":${body.length},"cache":"hit","msg":"request"}\n`,
        );
      });
    res.writeHead(200, [...flat, "X-Request-Id", id, "Content-Encoding", "br", "Content-Length", String(body.length)]);
    res.end(body);
  };
  const handler = flags.has("als") ? (req, res) => storage.run({ req }, answer, req, res) : answer;
  createServer(handler).listen(Number(port), "127.0.0.1", () => console.log("ready", kept?.length ?? 0));
}

if (values.serve !== undefined) {
  await serve(new Set(values.serve.split(",").filter(Boolean)), positionals[0], positionals[1]);
} else {
  pinLoad();
  mkdirSync("data", { recursive: true });
  const ours = await startServer(resolve("."), 4451, resolve(`data/bench-lean-${Date.now()}.sqlite`));
  const page = "http://127.0.0.1:4451/fr/c/vetements";
  await fetch(page);
  const variants = [
    ["bare copy, our headers", ""],
    ["+ scope", "als"],
    ["+ log line, metric", "log,metric"],
    ["+ all three", "als,log,metric"],
    ["+ all three, our size", "als,log,metric,bloat"],
  ];
  const servers = [{ name: "ours (cached list)", pid: ours.child.pid, url: page }];
  for (const [index, [name, flags]] of variants.entries()) {
    const port = 4461 + index;
    const argv = ["bench/lean-floor.mjs", `--serve=${flags}`, String(port), page];
    const child = spawn(pinned ? "taskset" : process.execPath, pinned ? ["-c", "1", process.execPath, ...argv] : argv, {
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise((ready) => child.stdout.once("data", ready));
    servers.push({ name, pid: child.pid, url: `http://127.0.0.1:${port}/`, child });
  }
  const load = (url) =>
    new Promise((done, fail) =>
      autocannon(
        { url, connections: 50, duration: Number(values.seconds), headers: { "Accept-Encoding": "br, gzip" } },
        (error, result) => (error ? fail(error) : done(result)),
      ),
    );
  try {
    for (const server of servers) await load(server.url);
    const samples = new Map(servers.map((server) => [server.name, []]));
    for (let round = 0; round < Number(values.rounds); round++)
      for (const server of servers) {
        const before = cpuTicks(server.pid);
        const result = await load(server.url);
        // Ticks of 10 ms, in µs per answer.
        samples.get(server.name).push(((cpuTicks(server.pid) - before) * 10_000) / result.requests.total);
      }
    const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
    const floor = median(samples.get("bare copy, our headers"));
    console.log(`CPU per answer, µs (${values.rounds} rounds of ${values.seconds} s; median, then each round):`);
    for (const [name, list] of samples)
      console.log(
        `  ${name.padEnd(24)} ${median(list).toFixed(1).padStart(6)}  ${(median(list) / floor).toFixed(2)}× the bare copy  (${list.map((x) => x.toFixed(1)).join(", ")})`,
      );
  } finally {
    for (const server of servers) server.child?.kill();
    await ours.stop();
  }
}
