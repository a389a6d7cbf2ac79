import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo } from "node:net";

/** What the providers' fakes read of a request: its URL, its text, and its JSON body (null when malformed). */
export async function readRequest(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  let body: Record<string, unknown> | null = {};
  try {
    body = text && req.headers["content-type"]?.includes("json") ? JSON.parse(text) : {};
  } catch {
    body = null;
  }
  return { url: new URL(req.url ?? "/", "http://fake"), text, body };
}

/** Listens on a free port of 127.0.0.1: the base URL, and a close that does not wait for kept-alive sockets. */
export async function listen(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
