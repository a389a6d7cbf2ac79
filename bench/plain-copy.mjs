// The "static copy" (issue 37): a page's bytes, brotli-compressed once, served by a bare node:http
// server in a process of its own; what a static file server on a CDN's edge costs at least.
//   node bench/plain-copy.mjs PORT /name=URL ...   serves each URL's page (as fetched once) at /name
import { createServer } from "node:http";
import { brotliCompressSync } from "node:zlib";

const [port, ...pairs] = process.argv.slice(2);
const pages = new Map();
for (const pair of pairs) {
  const at = pair.indexOf("=");
  const html = Buffer.from(await (await fetch(pair.slice(at + 1))).arrayBuffer());
  pages.set(pair.slice(0, at), brotliCompressSync(html));
}
createServer((req, res) => {
  const body = pages.get(req.url ?? "");
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Encoding": "br",
    "Content-Length": body.length,
    "Cache-Control": "public, max-age=0",
    Vary: "Accept-Encoding",
  });
  res.end(body);
}).listen(Number(port), "127.0.0.1", () => console.log("ready"));
