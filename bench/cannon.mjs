// autocannon as the benches use it: without reading the answers' bodies as text.
//
// autocannon 8.0.0 appends every body chunk to a string (`req.body += data` in PipelinedRequestsQueue),
// which decodes it as UTF-8. A page compressed with brotli or gzip is not UTF-8: on this machine's Node 20
// that decoding took about 210 µs per 15 KB answer (2 µs for plain ASCII), 80 % of autocannon's CPU in a
// profile, so one autocannon could not take more than about 3,600 answers of a product page per second,
// with a p99 of 26 ms, whatever the server. The benches compare servers: the load must cost less than
// they do. The bodies are only needed by `onResponse`, `verifyBody` and `expectBody`, which no bench uses,
// so each chunk is dropped (its bytes are still counted by autocannon's own `addByteCount`).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const autocannon = require("autocannon");
const Queue = require("autocannon/lib/pipelinedRequestsQueue.js");

// The patch is written against autocannon 8.0.0: a version whose queue no longer reads bodies this way
// fails here, so an upgrade cannot silently measure something else (docs/patches.md).
if (!/req\.body \+= data/.test(String(Queue.prototype.addBody)))
  throw new Error("autocannon's PipelinedRequestsQueue.addBody changed: review bench/cannon.mjs");
Queue.prototype.addBody = function dropBody() {};

const NEEDS_BODY = ["verifyBody", "expectBody"];

/** autocannon(options, done), refusing the options that would need the bodies this module drops. */
export default function cannon(options, done) {
  const asked = NEEDS_BODY.filter((name) => name in options);
  if (asked.length || options.requests?.some((request) => request.onResponse))
    throw new Error(`bench/cannon.mjs drops response bodies: ${[...asked, "onResponse"].join(", ")} cannot work`);
  return autocannon(options, done);
}
