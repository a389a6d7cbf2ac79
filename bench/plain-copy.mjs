// The "static copy" (issue 37): a page's bytes, brotli-compressed once, served by a bare node:http
// server in a process of its own; what a static file server on a CDN's edge costs at least.
//   node bench/plain-copy.mjs PORT /name=URL ...                 five headers, as the issue measured it
//   node bench/plain-copy.mjs --same-answer PORT /name=URL ...   the page's own headers too (its security
//       policy, cache and vary headers: about 1.4 KB) and a new X-Request-Id per answer, as our server
//       sends them, written at once: what any server answering with the shop's headers costs at least
//       (decisions 075, 077)
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { brotliCompressSync } from "node:zlib";

const args = process.argv.slice(2);
const sameAnswer = args[0] === "--same-answer";
const [port, ...pairs] = sameAnswer ? args.slice(1) : args;
/** Set per answer by the server itself or by this copy, never copied. */
const OWN = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding"]);
const pages = new Map();
for (const pair of pairs) {
  const at = pair.indexOf("=");
  // The second answer: a cached page's headers (the first is the render that keeps it).
  if (sameAnswer) await (await fetch(pair.slice(at + 1))).arrayBuffer();
  const response = await fetch(pair.slice(at + 1));
  const html = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers].filter(([name]) => !OWN.has(name) && name !== "x-request-id");
  pages.set(pair.slice(0, at), { body: brotliCompressSync(html), flat: headers.flat() });
}
createServer((req, res) => {
  const page = pages.get(req.url ?? "");
  if (!page) {
    res.writeHead(404).end();
    return;
  }
  if (sameAnswer) {
    // In one writeHead, the cheapest way Node has to send them (one setHeader each cost a quarter more).
    res.writeHead(200, [
      ...page.flat,
      "X-Request-Id",
      randomUUID(),
      "Content-Encoding",
      "br",
      "Content-Length",
      String(page.body.length),
    ]);
    res.end(page.body);
    return;
  }
  res.writeHead(200, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Encoding": "br",
    "Content-Length": page.body.length,
    "Cache-Control": "public, max-age=0",
    Vary: "Accept-Encoding",
  });
  res.end(page.body);
}).listen(Number(port), "127.0.0.1", () => console.log("ready"));
