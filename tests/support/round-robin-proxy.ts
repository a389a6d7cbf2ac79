import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small reverse proxy for tests with several server processes (issue 33): each request goes to the
 * next backend in turn; a backend that refuses the connection (stopped) is skipped, as a load balancer
 * does, so the request goes to the next. The answer says which backend served it (`X-Backend`, its
 * index). Bodies are read whole first (tests send small ones), so a refused or reset request can be sent
 * again.
 */
export async function roundRobinProxy(ports: number[]) {
  let next = 0;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const first = next++;
    for (let attempt = 0; attempt < ports.length; attempt++) {
      const index = (first + attempt) % ports.length;
      const answered = await new Promise<boolean>((resolve) => {
        const upstream = request(
          {
            host: "127.0.0.1",
            port: ports[index],
            method: req.method,
            path: req.url,
            headers: { ...req.headers, "x-forwarded-for": req.socket.remoteAddress ?? "127.0.0.1" },
            agent: false,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-backend": String(index) });
            answer.pipe(res);
            resolve(true);
          },
        );
        upstream.on("error", (error: NodeJS.ErrnoException) => {
          // Refused: nothing reached that backend, the next one gets the request. Reset before any answer:
          // a connection left in the backlog of a backend that was closing its listener (it never reached
          // the server, which finishes every request it accepted): the next one gets it too, as a load
          // balancer does. The tests' writes carry idempotency keys, so even a request that had been read
          // would not be applied twice.
          if (error.code === "ECONNREFUSED") return resolve(false);
          if ((error.code === "ECONNRESET" || error.message === "socket hang up") && !res.headersSent)
            return resolve(false);
          if (!res.headersSent) res.writeHead(502).end();
          resolve(true);
        });
        upstream.end(body);
      });
      if (answered) return;
    }
    res.writeHead(502).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
