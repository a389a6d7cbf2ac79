import type { ServerResponse } from "node:http";

/**
 * Astro's answers, written to Node's response (our replacement of the Node adapter's `writeResponse`,
 * decision 074). A page sent around its kept frame is already compressed bytes in memory
 * (`bytesResponse`): they go out in one write instead of being read back through the `Response`'s
 * stream; any other answer streams as the adapter streamed it.
 */
const bytesOf = new WeakMap<Response, Uint8Array>();

/** A `Response` whose body is these bytes, which `writeResponse` writes at once. */
export function bytesResponse(body: Uint8Array<ArrayBuffer>, init: ResponseInit): Response {
  const response = new Response(body, init);
  bytesOf.set(response, body);
  return response;
}

/**
 * Headers as Node takes them: several `Set-Cookie` stay several. Astro's own marks (`x-astro-rewrite` on
 * an error page it rewrote to, `x-astro-reroute`, `x-astro-noop`) are for Astro, not the browser.
 */
export function nodeHeaders(headers: Headers): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of headers) if (!name.startsWith("x-astro-")) out[name] = value;
  const cookies = headers.getSetCookie();
  if (cookies.length > 1) out["set-cookie"] = cookies;
  return out;
}

/**
 * Writes `source` to `destination`: status, headers, then its body (none for HEAD, which Node drops by
 * itself). A client gone before the end cancels the body's stream; a body that fails half-way cuts the
 * connection (its length or last chunk never come, so the client knows the page is not whole).
 */
export async function writeResponse(source: Response, destination: ServerResponse): Promise<void> {
  if (source.statusText) destination.statusMessage = source.statusText;
  destination.writeHead(source.status, nodeHeaders(source.headers));
  const bytes = bytesOf.get(source);
  if (bytes) {
    destination.end(bytes);
    return;
  }
  if (!source.body) {
    destination.end();
    return;
  }
  const reader = source.body.getReader();
  destination.once("close", () => {
    if (!destination.writableFinished) reader.cancel().catch(() => {});
  });
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) destination.write(chunk.value);
    destination.end();
  } catch (error) {
    destination.destroy(error instanceof Error ? error : undefined);
  }
}
