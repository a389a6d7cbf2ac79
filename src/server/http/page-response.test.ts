import { createServer, request, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { bytesResponse, nodeHeaders, writeResponse } from "./page-response";

let server: Server | undefined;

afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A server answering every request with `answer`'s Response, written by `writeResponse`. */
async function serve(answer: () => Response, onWritten?: (res: ServerResponse) => void): Promise<string> {
  server = createServer((_req, res) => {
    void writeResponse(answer(), res).then(() => onWritten?.(res));
  });
  await new Promise<void>((done) => server?.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Status, raw headers and body as the client got them (the body as it came, no decoding). */
function get(url: string, method = "GET") {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (done, fail) => {
      request(url, { method }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", fail);
      })
        .on("error", fail)
        .end();
    },
  );
}

describe("writeResponse", () => {
  it("writes bytes kept in memory at once, with the status, headers and every cookie", async () => {
    const body = new TextEncoder().encode("<p>déjà</p>");
    const base = await serve(() => {
      const headers = new Headers({
        "Content-Type": "text/html; charset=utf-8",
        "Content-Length": String(body.length),
      });
      headers.append("Set-Cookie", "a=1; Path=/");
      headers.append("Set-Cookie", "b=2; Path=/");
      return bytesResponse(body, { status: 201, statusText: "Made", headers });
    });
    const answer = await get(`${base}/`);
    expect(answer.status).toBe(201);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(answer.body.toString("utf8")).toBe("<p>déjà</p>");
  });

  it("streams any other body to its end, and sends none for HEAD", async () => {
    const base = await serve(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode("one "));
              controller.enqueue(new TextEncoder().encode("two"));
              controller.close();
            },
          }),
          { headers: { "Content-Type": "text/plain" } },
        ),
    );
    expect((await get(`${base}/`)).body.toString()).toBe("one two");
    const head = await get(`${base}/`, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it("cuts the connection when the body fails half-way (the page never looks whole)", async () => {
    const base = await serve(
      () =>
        new Response(
          new ReadableStream({
            pull(controller) {
              controller.enqueue(new TextEncoder().encode("half "));
              controller.error(new Error("database gone"));
            },
          }),
        ),
    );
    await expect(get(`${base}/`)).rejects.toThrow();
  });

  it("ends an answer without a body", async () => {
    const base = await serve(() => new Response(null, { status: 204 }));
    const answer = await get(`${base}/`);
    expect(answer.status).toBe(204);
    expect(answer.body.length).toBe(0);
  });
});

describe("nodeHeaders", () => {
  it("keeps one cookie as a string and several as a list", () => {
    const one = new Headers({ "Set-Cookie": "a=1", Vary: "Accept-Encoding" });
    expect(nodeHeaders(one)).toEqual({ "set-cookie": "a=1", vary: "Accept-Encoding" });
    const two = new Headers();
    two.append("set-cookie", "a=1");
    two.append("set-cookie", "b=2");
    expect(nodeHeaders(two)["set-cookie"]).toEqual(["a=1", "b=2"]);
  });

  it("leaves Astro's own marks out", () => {
    const rewritten = new Headers({ "X-Astro-Rewrite": "yes", "X-Astro-Reroute": "no", "Cache-Control": "no-store" });
    expect(nodeHeaders(rewritten)).toEqual({ "cache-control": "no-store" });
  });
});
