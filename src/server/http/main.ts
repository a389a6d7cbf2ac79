import { createServer } from "node:http";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import { startCartSweeper } from "../../features/cart/cart-sweeper.server";
import { startUnpaidOrderSweeper } from "../../features/orders/unpaid-orders.server";
import { EnvError, env } from "../config/env";
import { ensureDatabaseReady } from "../db/ready";
import { pinClientAddress } from "./client-ip";
import { serveStatic } from "./static";

/**
 * Production server: validated settings, a migrated and seeded database, then Astro's handler
 * behind on-the-fly compression for HTML and JSON, with precompressed static files in front.
 */
async function main(): Promise<void> {
  let settings: ReturnType<typeof env>;
  try {
    settings = env();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await ensureDatabaseReady((line) => console.log(line));
  // Orders left unpaid give their units back after UNPAID_ORDER_MINUTES (each process may sweep).
  if (settings.UNPAID_ORDER_MINUTES > 0) startUnpaidOrderSweeper(settings.UNPAID_ORDER_MINUTES);
  // Expired sessions and the carts of visitors who are gone.
  startCartSweeper();

  const dist = resolve(process.env.VITRINE_DIST ?? "dist");
  const clientRoot = resolve(dist, "client");
  const { handler } = (await import(pathToFileURL(resolve(dist, "server/entry.mjs")).href)) as {
    handler: (req: unknown, res: unknown, next: (error?: unknown) => void) => void;
  };
  const compress = compression({ threshold: 1024 });

  const server = createServer(async (req, res) => {
    pinClientAddress(req, settings.TRUST_PROXY);
    try {
      if (await serveStatic(clientRoot, req, res)) return;
    } catch (error) {
      console.error("static file error", error);
    }
    compress(req as never, res as never, () => {
      handler(req, res, (error?: unknown) => {
        if (error) console.error(error);
        if (!res.headersSent) res.statusCode = error ? 500 : 404;
        res.end();
      });
    });
  });
  server.listen(settings.PORT, settings.HOST, () => {
    // Without SITE_URL every loopback name works; with it, that is the address shoppers use.
    const host = settings.HOST === "0.0.0.0" || settings.HOST === "::" ? "localhost" : settings.HOST;
    const listening = `http://${host.includes(":") ? `[${host}]` : host}:${settings.PORT}`;
    const open = settings.SITE_URL ? settings.siteUrl : listening;
    console.log(`Vitrine listening on ${open} (${settings.databaseKind})`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
