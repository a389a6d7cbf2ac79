// Cached pages against the bare copy, side by side on one core each (decision 075): our production server
// and bench/plain-copy.mjs both pinned to core 1, the load on core 0 when `taskset` is there, alternating
// rounds of the list and the product page. The bench's own rows share two cores between a server and the
// load, and the bare copy moves by half between runs there; pinned rounds move less.
// `--baseline DIR` also runs the build in DIR (built there, as `npm run bench -- --baseline` takes it) on the
// same core, its rounds beside ours: a change to the cached answer measured against the build before it.
//   npm run build && node bench/kept-vs-plain.mjs [--rounds 3] [--seconds 5] [--baseline DIR]
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "./cannon.mjs";
import { pinLoad, pinned, startServer } from "./pinned-server.mjs";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "5" },
    baseline: { type: "string" },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const OURS = 4441;
const PLAIN = 4442;
const SAME = 4443;
const BEFORE = 4444;

function cannon(url, duration) {
  return new Promise((done, fail) =>
    autocannon({ url, connections: 50, duration, headers: { "Accept-Encoding": "br, gzip" } }, (error, result) =>
      error ? fail(error) : done({ rps: Math.round(result.requests.average), p99: result.latency.p99 }),
    ),
  );
}

pinLoad();
mkdirSync("data", { recursive: true });
const template = resolve(`data/bench-kept-${Date.now()}.sqlite`);
const server = await startServer(resolve("."), OURS, template);
const base = `http://127.0.0.1:${OURS}`;
// A shop of its own: an earlier build may not open a database this build has migrated further.
const beforeTemplate = template.replace(/\.sqlite$/, "-baseline.sqlite");
const before = values.baseline ? await startServer(resolve(values.baseline), BEFORE, beforeTemplate) : undefined;
let plain;
let same;
try {
  const catalogue = await (await fetch(`${base}/fr/catalog?q=`)).text();
  const slug = /href="\/fr\/p\/([^"?#]+)"/.exec(catalogue)?.[1];
  const pages = { list: `${base}/fr/c/vetements`, product: `${base}/fr/p/${slug}` };
  const copy = (port, ...flags) => {
    const args = ["bench/plain-copy.mjs", ...flags, String(port), `/list=${pages.list}`, `/product=${pages.product}`];
    const child = spawn(pinned ? "taskset" : process.execPath, pinned ? ["-c", "1", process.execPath, ...args] : args, {
      stdio: ["ignore", "pipe", "inherit"],
    });
    return new Promise((done) => child.stdout.on("data", (chunk) => String(chunk).includes("ready") && done(child)));
  };
  plain = await copy(PLAIN);
  same = await copy(SAME, "--same-answer");
  // V8 optimizes each server's path over its first thousands of requests: two seconds each first, not counted.
  const beforePage = (url) => url.replace(`:${OURS}/`, `:${BEFORE}/`);
  for (const url of [...Object.values(pages), `http://127.0.0.1:${PLAIN}/list`, `http://127.0.0.1:${SAME}/list`])
    await cannon(url, 2);
  if (before) for (const url of Object.values(pages)) await cannon(beforePage(url), 2);
  console.log(`${pinned ? "servers on core 1, load on core 0" : "not pinned"}; ${rounds} rounds of ${seconds} s`);
  for (let round = 1; round <= rounds; round++)
    for (const [name, url] of Object.entries(pages)) {
      const ours = await cannon(url, seconds);
      const bare = await cannon(`http://127.0.0.1:${PLAIN}/${name}`, seconds);
      const sameAnswer = await cannon(`http://127.0.0.1:${SAME}/${name}`, seconds);
      const earlier = before ? await cannon(beforePage(url), seconds) : undefined;
      console.log(
        `round ${round} ${name.padEnd(8)} ours ${ours.rps} req/s (p99 ${ours.p99} ms), bare copy ${bare.rps} ` +
          `(p99 ${bare.p99} ms): ${(ours.rps / bare.rps).toFixed(2)}×; bare copy with our headers ` +
          `${sameAnswer.rps} (p99 ${sameAnswer.p99} ms): ${(ours.rps / sameAnswer.rps).toFixed(2)}× ` +
          `(it is ${(sameAnswer.rps / bare.rps).toFixed(2)}× the bare copy)` +
          (earlier
            ? `; the baseline ${earlier.rps} (p99 ${earlier.p99} ms): ours ${(ours.rps / earlier.rps).toFixed(2)}×`
            : ""),
      );
    }
} finally {
  plain?.kill();
  same?.kill();
  await server.stop();
  await before?.stop();
  for (const file of [template, beforeTemplate])
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
}
