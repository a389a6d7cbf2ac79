import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mayBeStaticFile, serveStatic } from "./static";

let server: Server;
let base: string;

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), "vitrine-static-"));
  mkdirSync(join(root, "_astro"));
  mkdirSync(join(root, "fr"));
  writeFileSync(join(root, "robots.txt"), "User-agent: *\n");
  writeFileSync(join(root, "_astro", "app.js"), "console.log(1)");
  writeFileSync(join(root, "_astro", "app.js.br"), "brotli bytes");
  // A file where a page's address is: pages are Astro's, never a file's.
  writeFileSync(join(root, "fr", "about"), "not a page");
  server = createServer(async (req, res) => {
    // As the production server asks it: only where a file may answer.
    if (!(mayBeStaticFile(req) && (await serveStatic(root, req, res))))
      res.writeHead(404, { "X-Passed-On": "1" }).end();
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** The raw request line, as a client may send it (fetch would normalize dot segments itself). */
function raw(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; headers: IncomingHttpHeaders }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers }, (res) => {
      let text = "";
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("static files", () => {
  it("serves a build file, its brotli twin to a browser that takes it", async () => {
    expect((await raw("/robots.txt")).text).toBe("User-agent: *\n");
    const asset = await raw("/_astro/app.js", { "accept-encoding": "br, gzip" });
    expect(asset.headers["content-encoding"]).toBe("br");
    expect(asset.text).toBe("brotli bytes");
    expect(asset.headers["cache-control"]).toContain("immutable");
  });

  it("passes a page's or the API's address on without looking for a file, with or without a query", async () => {
    for (const path of ["/fr/about", "/fr/about?x=1", "/fr/", "/api/v1/me/summary", "/fr/a.b"])
      expect((await raw(path)).headers["x-passed-on"], path).toBe("1");
  });

  it("reads an address the URL parser would normalize the long way, as before", async () => {
    // Dot segments and escapes lead out of the culture: the file they name is served.
    expect((await raw("/fr/../robots.txt")).text).toBe("User-agent: *\n");
    expect((await raw("/%72obots.txt")).text).toBe("User-agent: *\n");
    // ... and back into it: a page's address still.
    expect((await raw("/_astro/../fr/about")).headers["x-passed-on"]).toBe("1");
    expect((await raw("/%66r/about")).headers["x-passed-on"]).toBe("1");
  });

  it("is not asked at all for a page's or the API's plain address, or for a write", () => {
    const ask = (url: string, method = "GET") => mayBeStaticFile({ url, method } as IncomingMessage);
    for (const url of ["/fr/", "/fr/c/robes", "/api/v1/me/summary", "/fr/c/robes?page=2", "/fr/catalog?q=lin#top"])
      expect(ask(url), url).toBe(false);
    expect(ask("/robots.txt", "POST")).toBe(false);
    for (const url of [
      "/robots.txt",
      "/_astro/app.js",
      "/fr/../robots.txt",
      "/%66r/about",
      "/%66r/about?x=1",
      "/fr/about.txt?x=1",
      "/robots.txt?x=1",
    ])
      expect(ask(url), url).toBe(true);
  });
});
