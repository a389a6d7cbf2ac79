import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP proxy on a loopback port of its own to `target`, which a test cuts and puts back: while cut,
 * every connection through it is closed and new ones are refused, as a store that went away (a
 * PostgreSQL restart) does to the server using it; while stalled, connections are taken and nothing
 * ever answers, as a host that drops packets (a network split, a dead machine) leaves them.
 */
export async function cuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  let stalled = false;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        if (stalled) {
          sockets.add(client);
          client.on("error", () => client.destroy());
          return;
        }
        const upstream = connect(target.port, target.host);
        const end = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("error", end);
          socket.on("close", end);
        }
        client.pipe(upstream).pipe(client);
      });
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        port = (next.address() as { port: number }).port;
        server = next;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  await listen();
  return {
    port,
    cut,
    /** Listening again on the same port, forwarding again. */
    restore: async () => {
      stalled = false;
      if (!server) await listen();
    },
    /** The connections open are closed; new ones are taken and held, unanswered. */
    stall: () => {
      stalled = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
  };
}
