import { Agent, createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { NodeApp } from "astro/app/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLogs } from "../../../tests/support/logs";
import { astroLogDestination, requestRelease } from "./astro-entry";
import { writeResponse } from "./page-response";

let server: Server;
let base: string;
/** Listeners on the connection's "close" after each answer, as the server saw them. */
const listeners: number[] = [];

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const astroRequest = NodeApp.createRequest(req);
    const release = requestRelease(req);
    await writeResponse(new Response(`<p>${astroRequest.url}</p>`), res);
    release();
    listeners.push(req.socket.listenerCount("close"));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe("requestRelease", () => {
  it("leaves nothing of Astro's request on a kept-alive connection, however many answers it carries", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < 15; i++) {
      await new Promise<void>((done, fail) => {
        request(`${base}/fr/${i}`, { agent }, (res) => {
          res.resume();
          res.on("end", done);
        })
          .on("error", fail)
          .end();
      });
    }
    agent.destroy();
    expect(listeners).toHaveLength(15);
    // Astro's createRequest adds one per request: all of them are gone again.
    expect(new Set(listeners).size).toBe(1);
    expect(listeners[14]).toBe(listeners[0]);
  });
});

describe("astroLogDestination", () => {
  it("writes Astro's lines as the process's JSON lines, at their level, scrubbed", () => {
    const logs = captureLogs();
    try {
      astroLogDestination.write({ level: "error", label: "router", message: "Error while trying to render /fr/x" });
      astroLogDestination.write({ level: "error", label: null, message: "Error: for lea@example.org\n    at page" });
      astroLogDestination.write({ level: "warn", label: "SKIP_FORMAT", message: "a warning" });
      astroLogDestination.write({ level: "info", label: "build", message: "an info" });
    } finally {
      logs.stop();
    }
    expect(logs.lines.map(({ level, astro, msg }) => ({ level, astro, msg }))).toEqual([
      { level: "error", astro: "router", msg: "Error while trying to render /fr/x" },
      { level: "error", astro: undefined, msg: "Error: for l***@example.org\n    at page" },
      { level: "warn", astro: undefined, msg: "a warning" },
      { level: "info", astro: "build", msg: "an info" },
    ]);
  });
});
