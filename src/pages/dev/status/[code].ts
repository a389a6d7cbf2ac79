import type { APIRoute } from "astro";
import { env } from "~/server/config/env";

/**
 * Development only: answers with a chosen status, as a page or as JSON (?format=json), so the shell's
 * request-error handling can be seen and tested. 401 turns into 200 once signed in.
 */
export const GET: APIRoute = async ({ params, url, locals }) => {
  if (!env().devIslands) return new Response("Not found", { status: 404 });
  const code = Number(params.code);
  if (!Number.isInteger(code) || code < 200 || code > 599) return new Response("Not found", { status: 404 });
  // ?delay=ms (at most 5 s): a slow answer, for the long-loading class and aborted visits.
  const delay = Math.min(5000, Math.max(0, Number(url.searchParams.get("delay")) || 0));
  if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
  const status = code === 401 && locals.session.customerId ? 200 : code;
  if (url.searchParams.get("format") === "json") {
    return Response.json({ Code: `Status${status}`, Message: `status ${status}`, Errors: {} }, { status });
  }
  const html = `<!doctype html><html lang="${locals.culture}"><head><title>Status ${status}</title></head><body><main id="swup" class="transition-main"><div class="wrap"><h1 data-status="${status}">Status ${status}</h1></div></main></body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
};
