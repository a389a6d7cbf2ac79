import type { IncomingMessage, ServerResponse } from "node:http";
import type { SSRManifest } from "astro";
import { applyPolyfills, NodeApp } from "astro/app/node";
import { setGetEnv } from "astro/env/setup";
import { log } from "../observability/log";
import { writeResponse } from "./page-response";

/**
 * The build's server entry (astro.config.mjs sets it in place of the Node adapter's, decision 074): the
 * same `NodeApp`, behind a handler of our own. The adapter's wraps every render in an
 * `AsyncLocalStorage` only to name the page of an unhandled rejection, and an active storage makes every
 * promise of every render pay for async hooks; it also reads every answer back through its stream.
 */
applyPolyfills();
setGetEnv((key) => process.env[key]);

/** Astro's renders, for the Node server in src/server/http/main.ts. */
export type PageHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
  locals?: object,
) => Promise<void>;

/**
 * `NodeApp.createRequest` ties an `AbortController` to the connection until the answer ends, and leaves
 * its cleanup on the Node request under this registered symbol (the adapter's handler runs it the same
 * way). Not run, every request on a kept-alive connection would leave a listener and its controller.
 * Read right after `createRequest`: the 404 page renders for the same Node request with a request of
 * its own, and each render releases only its own.
 */
const REQUEST_CLEANUP = Symbol.for("astro.nodeRequestAbortControllerCleanup");

export function requestRelease(req: IncomingMessage): () => void {
  const cleanup: unknown = Reflect.get(req, REQUEST_CLEANUP);
  return typeof cleanup === "function" ? () => cleanup() : () => {};
}

/** No error page is prerendered (every page renders on request): nothing is ever fetched for one. */
const noPrerenderedPage = async () => new Response(null, { status: 404 });

/** What Astro's logger hands its destination. */
interface AstroLogEvent {
  level: string;
  label: string | null;
  message: string;
}

/**
 * Astro's own lines (an error before a page began rendering, its router's complaints) written as the
 * process's JSON lines, scrubbed like them, instead of plain text with colour codes among them.
 */
export const astroLogDestination = {
  write(event: AstroLogEvent): boolean {
    const level = event.level === "error" || event.level === "warn" || event.level === "debug" ? event.level : "info";
    const label = event.label && event.label !== "SKIP_FORMAT" ? { astro: event.label } : {};
    log()[level](label, event.message);
    return true;
  },
};

export function createExports(manifest: SSRManifest, options: { experimentalDisableStreaming?: boolean }) {
  const app = new NodeApp(manifest, !options.experimentalDisableStreaming);
  // The adapter's logger shares its options with the app's own: one destination for both.
  app.getAdapterLogger().options.dest = astroLogDestination;
  const handler: PageHandler = async (req, res, next, locals) => {
    let release = () => {};
    try {
      const request = NodeApp.createRequest(req, { allowedDomains: app.getAllowedDomains?.() ?? [] });
      release = requestRelease(req);
      const routeData = app.match(request, true);
      // No route: main.ts answers with the culture's 404 page.
      if (!routeData) return next();
      const response = await app.render(request, {
        addCookieHeader: true,
        locals,
        routeData,
        prerenderedErrorPageFetch: noPrerenderedPage,
      });
      await writeResponse(response, res);
    } catch (error) {
      if (res.headersSent) res.destroy();
      else next(error);
    } finally {
      release();
    }
  };
  return { handler, options };
}
