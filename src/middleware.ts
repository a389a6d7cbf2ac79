import { defineMiddleware } from "astro:middleware";
import { randomUUID } from "node:crypto";
import { startUnpaidOrderSweeper } from "./features/orders/unpaid-orders.server";
import { isCulture, pickCulture } from "./lib/culture";
import { env } from "./server/config/env";
import { ensureDatabaseReady } from "./server/db/ready";
import { takeFlash } from "./server/http/flash";
import { applySecurityHeaders, isSameOriginRequest } from "./server/http/security";
import { loadSession, SESSION_COOKIE } from "./server/session/session";

/** First path segments that are not cultures. */
const NON_CULTURE_PREFIXES = new Set(["maps", "api", "media", "dev", "_astro", "404", "500"]);

function withHeaders(response: Response): Response {
  try {
    applySecurityHeaders(response.headers);
    return response;
  } catch {
    // Responses such as Response.redirect() have immutable headers: copy them.
    const copy = new Response(response.body, response);
    applySecurityHeaders(copy.headers);
    return copy;
  }
}

export const onRequest = defineMiddleware(async (context, next) => {
  await ensureDatabaseReady((line) => console.log(line));
  // The production server starts the unpaid-order sweeper itself (src/server/http/main.ts); `astro dev` here.
  if (import.meta.env.DEV && env().UNPAID_ORDER_MINUTES > 0) startUnpaidOrderSweeper(env().UNPAID_ORDER_MINUTES);
  const { pathname } = context.url;
  const first = pathname.split("/")[1] ?? "";
  context.locals.requestId = context.request.headers.get("x-request-id")?.slice(0, 64) ?? randomUUID();

  // The API does its own culture, session and origin handling.
  if (first === "api") return withHeaders(await next());

  context.locals.culture = isCulture(first)
    ? first
    : pickCulture(context.request.headers.get("accept-language"), env().DEFAULT_CULTURE);
  context.locals.session = await loadSession(context.cookies.get(SESSION_COOKIE)?.value);

  if (!isSameOriginRequest(context.request, env().allowedOrigins)) {
    return withHeaders(
      new Response("Cross-origin request refused", { status: 403, headers: { "Content-Type": "text/plain" } }),
    );
  }
  if (first !== "" && !isCulture(first) && !NON_CULTURE_PREFIXES.has(first)) {
    return withHeaders(await context.rewrite("/404"));
  }
  // A notice left by a form post shows on the next full page (fragments leave it for the page).
  context.locals.flash =
    context.request.method === "GET" && isCulture(first) && !pathname.includes("/widget/")
      ? takeFlash(context.cookies)
      : null;
  return withHeaders(await next());
});
