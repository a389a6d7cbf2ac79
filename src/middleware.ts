import { defineMiddleware } from "astro:middleware";
import { randomUUID } from "node:crypto";
import type { APIContext, MiddlewareNext } from "astro";
import { consentScriptHashes } from "~/features/content/consent-scripts.server";
import { startUnpaidOrderSweeper } from "~/features/orders/unpaid-orders.server";
import { shippingCountries } from "~/features/pricing/pricing.server";
import { BOOT_SCRIPT } from "~/layouts/boot-script";
import { HEAD_SCRIPT, SCRIPT_COOKIE } from "~/layouts/head-script";
import { isCulture, requestCulture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { safeDecode } from "~/lib/url";
import { hasControlCharacters } from "~/lib/validation";
import { env } from "~/server/config/env";
import { refreshShopSettings } from "~/server/config/shop-settings";
import { ensureDatabaseReady, logToProcess } from "~/server/db/ready";
import { ApiError, isStoreAway } from "~/server/http/errors";
import { takeFlash } from "~/server/http/flash";
import { withRequestContext } from "~/server/http/request-context";
import { applySecurityHeaders, isSameOriginRequest, registerInlineScripts } from "~/server/http/security";
import { log } from "~/server/observability/log";
import { pageTicket, publishPage } from "~/server/page-cache/publish";
import { collectTags } from "~/server/page-cache/tags";
import { captureFrame, sendAroundFrame } from "~/server/page-frame";
import { commitSessionCookie, sendCountryCookie } from "~/server/session/cookies";
import { COUNTRY_COOKIE, countryCode } from "~/server/session/country-preference";
import { loadSession, SESSION_COOKIE } from "~/server/session/session";

registerInlineScripts([HEAD_SCRIPT, BOOT_SCRIPT]);

/** First path segments that are not cultures. */
const NON_CULTURE_PREFIXES = new Set([
  "maps",
  "api",
  "assets",
  "media",
  "dev",
  "_astro",
  "400",
  "404",
  "500",
  "503",
  "sitemap.xml",
  "sitemaps",
  "feeds",
  "robots.txt",
]);

/** When a page last logged that the database is away. */
let unavailableLogged = 0;

function withHeaders(
  response: Response,
  pageScripts: readonly string[] = [],
  origins: App.Locals["cspOrigins"] = {},
): Response {
  try {
    applySecurityHeaders(response.headers, pageScripts, origins);
    return response;
  } catch {
    // Responses such as Response.redirect() have immutable headers: copy them.
    const copy = new Response(response.body, response);
    applySecurityHeaders(copy.headers, pageScripts, origins);
    return copy;
  }
}

/** A path, query or posted form field with a control character (see lib/validation): a 400 page. */
async function hasControlCharacterInput(request: Request, url: URL): Promise<boolean> {
  if (hasControlCharacters(safeDecode(url.pathname))) return true;
  for (const [key, value] of url.searchParams) if (hasControlCharacters(key + value)) return true;
  const type = request.headers.get("content-type") ?? "";
  if (request.method === "POST" && /^application\/x-www-form-urlencoded/i.test(type)) {
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    for (const [key, value] of form ?? []) if (hasControlCharacters(key + String(value))) return true;
  }
  return false;
}

export const onRequest = defineMiddleware(async (context, next) => {
  const first = context.url.pathname.split("/")[1] ?? "";
  context.locals.requestId = context.request.headers.get("x-request-id")?.slice(0, 64) ?? randomUUID();
  // The route pattern names the request in the access log and the metrics (the API names its endpoint).
  context.locals.route ??= context.routePattern;
  try {
    return await answer(context, next, first);
  } catch (error) {
    // An error page that fails itself is left to Astro (its bare answer, its log line, as JSON); the API
    // answers its own errors in JSON.
    if (ERROR_PAGES.has(first) || first === "api" || first === "assets") throw error;
    return failedPage(context, error);
  }
});

/** Error pages read no store: one that is failing (a session table changed by hand) cannot fail them too. */
const ERROR_PAGES = new Set(["500", "503"]);

/** The page asked for, from its first step to its last: whatever fails in any of them is `failedPage`'s. */
async function answer(context: APIContext, next: MiddlewareNext, first: string): Promise<Response> {
  if (!ERROR_PAGES.has(first)) {
    await ensureDatabaseReady(logToProcess);
    // The owner's settings (the shop's name, its sender…), read again when another process changed them.
    await refreshShopSettings();
  }
  // The production server starts the unpaid-order sweeper itself (src/server/http/main.ts); `astro dev` here.
  if (import.meta.env.DEV && env().UNPAID_ORDER_MINUTES > 0) startUnpaidOrderSweeper(env().UNPAID_ORDER_MINUTES);
  const { pathname } = context.url;

  // The API does its own culture, session and origin handling (/assets/croptempimg is one of its paths).
  if (first === "api" || first === "assets") return withHeaders(await next());

  // Read before anything renders: a change committed while the page renders makes this version stale.
  const pageClaim = pageTicket(context.request, context.url, context.locals.pageTicket);
  context.locals.sharedWithSessions = pageClaim?.ticket.personal === true;

  // A rewrite to an error page (/400, /404) keeps the culture of the address the shopper asked for.
  context.locals.culture = requestCulture(
    isCulture(first) ? first : context.locals.culture,
    context.request.headers.get("accept-language"),
    env().DEFAULT_CULTURE,
  );
  // The page's translator, set once per request and always of the culture the page renders in (a
  // development preview may change it after this).
  if (!Object.hasOwn(context.locals, "t"))
    Object.defineProperty(context.locals, "t", { get: () => translator(context.locals.culture), configurable: true });
  const sessionCookie = ERROR_PAGES.has(first) ? undefined : context.cookies.get(SESSION_COOKIE)?.value;
  context.locals.session = await loadSession(sessionCookie, context.clientAddress);
  // A visitor's session was extended: the cookie's own lifetime follows.
  if (context.locals.session.renewed) commitSessionCookie(context.cookies, context.locals.session);

  if (!isSameOriginRequest(context.request, env().allowedOrigins)) {
    return withHeaders(
      new Response("Cross-origin request refused", { status: 403, headers: { "Content-Type": "text/plain" } }),
    );
  }
  if (first !== "400" && (await hasControlCharacterInput(context.request, context.url))) {
    return withHeaders(await context.rewrite("/400"));
  }
  if (first !== "" && !isCulture(first) && !NON_CULTURE_PREFIXES.has(first)) {
    return withHeaders(await context.rewrite("/404"));
  }
  // A page rendered for her whose browser runs scripts: her parts of the frame come with her summary, so
  // the frame is kept for every shopper (decision 065; shared pages set `personalLater` instead).
  context.locals.chromeLater =
    context.request.method === "GET" && isCulture(first) && context.cookies.get(SCRIPT_COOKIE)?.value === "1";
  // A notice left by a form post shows on the next full page (fragments leave it for the page).
  context.locals.flash =
    context.request.method === "GET" && isCulture(first) && !pathname.includes("/widget/")
      ? takeFlash(context.cookies)
      : null;
  // A page carries the shop's consent-gated scripts (features/content ConsentScripts): the CSP allows them.
  // The stock and prices the page shows, by product (decision 057): an order elsewhere keeps it cached.
  const tags = new Set<string>();
  // The shopper's own session, whatever the page puts in locals to render (a shared page: an empty one).
  const session = context.locals.session;
  const country = context.cookies.get(COUNTRY_COOKIE)?.value;
  // A product feed's link names its country: a visitor without a cookie (a search engine's crawler)
  // gets that country's prices, and the page is cached under its address (the query is in the key).
  const addressCountry = await shopCountry(context.url.searchParams.get("country"));
  const { locals } = context;
  const requestContext = {
    get session() {
      return locals.session;
    },
    country: addressCountry ?? countryCode(country),
  };
  const rendered = await collectTags(tags, () => withRequestContext(requestContext, next));
  let response = withHeaders(rendered, await consentScriptHashes(), context.locals.cspOrigins);
  // A frame rendered for this page is kept for the next (its marks come out of the page, so the length
  // Astro gave is no longer the page's: Node counts the new one, else an uncompressed answer came short).
  const capture = context.locals.frameCapture;
  if (capture && response.headers.get("content-type")?.startsWith("text/html")) {
    const headers = new Headers(response.headers);
    headers.delete("Content-Length");
    response = new Response(captureFrame(capture, await response.text()), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  }
  // A page written around a kept frame goes out with the frame's top compressed once (decision 066).
  if (context.locals.framedBy) response = await sendAroundFrame(context.locals.framedBy, context.request, response);
  // A country chosen by a form post (or before the cookie existed) is mirrored in its cookie; so is an
  // address's country when she chose none: the variation picker's next prices are that country's too.
  sendCountryCookie(context.cookies, session, country, addressCountry);
  // Only pages that declare themselves public (locals.publicPage) and set no cookie are cached.
  const setsCookies = !context.cookies.headers().next().done;
  return publishPage(context.request, pageClaim, context.locals.publicPage === true, setsCookies, response, tags);
}

/** `?country=fr` when the shop sells there (upper case), else null: an unknown code changes no price. */
async function shopCountry(asked: string | null): Promise<string | null> {
  const code = countryCode(asked?.toUpperCase());
  if (!code) return null;
  return (await shippingCountries()).some((c) => c.code === code) ? code : null;
}

/**
 * A page that failed at any step: a store it needed is away for now (a session to write while Redis is
 * down, the database unreachable), and the shop says so in her language with nothing kept (the 503
 * page); any other failure gets the shop's 500 page, with the reference its log line carries, not a
 * bare, empty answer. As a GET of its own: a form's body has been read by then, and Astro rewrites no
 * request whose was.
 */
async function failedPage(context: APIContext, error: unknown): Promise<Response> {
  const away = isStoreAway(error);
  const { requestId } = context.locals;
  const path = context.url.pathname;
  if (!away) {
    // A failure nobody foresaw: one JSON line with the request's id, which the 500 page shows her.
    log().error({ err: error, requestId, path }, "page failed");
  } else if (!(error instanceof ApiError) && Date.now() - unavailableLogged > 10_000) {
    // One line per burst, as the pool's: each request has its access line with the 503.
    unavailableLogged = Date.now();
    log().warn({ err: error, requestId, path }, "database unavailable");
  }
  const headers = new Headers(context.request.headers);
  for (const name of ["content-type", "content-length", "transfer-encoding"]) headers.delete(name);
  const errorPage = new URL(away ? "/503" : "/500", context.url);
  return withHeaders(await context.rewrite(new Request(errorPage, { headers })));
}
