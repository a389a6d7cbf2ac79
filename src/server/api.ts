import { randomUUID } from "node:crypto";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { isCulture, requestCulture } from "~/lib/culture";
import { API_BASE } from "~/lib/endpoint-types";
import { safeDecode } from "~/lib/url";
import { env } from "./config/env";
import { isConnectionError } from "./db/errors";
import { ENDPOINTS, endpointFor } from "./endpoints";
import { clientIp } from "./http/client-ip";
import type { ApiEnv } from "./http/context";
import { type AnyEndpoint, runEndpoint } from "./http/endpoint";
import { ApiError, errorBody } from "./http/errors";
import { documentedPath, openApiDocument } from "./http/openapi";
import { withRequestContext } from "./http/request-context";
import { isSameOriginRequest } from "./http/security";
import { refuseControlCharacters, refuseDeepNesting } from "./http/validation";
import { log } from "./observability/log";
import { collectTags } from "./page-cache/tags";
import { COUNTRY_COOKIE, countryCode, countryCookieOptions, countryCookieToSend } from "./session/country-preference";
import { registeredPersonalMemo } from "./session/memo-registry";
import { MEMO_UNTIL_HEADER, type MemoFacts } from "./session/personal-memo";
import { loadSession, SESSION_COOKIE, sessionCookieOptions } from "./session/session";
import { StorageUnavailable, StoredFileMissing } from "./storage/s3-file-store";

/** JSON bodies of this API are small; uploads (`multipart` endpoints) have their own limits. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function createApi(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>().basePath(API_BASE);

  app.use(async (c, next) => {
    c.set("requestId", c.req.header("x-request-id")?.slice(0, 64) ?? randomUUID());
    const requested = c.req.query("culture") ?? c.req.header("x-culture");
    c.set("culture", requestCulture(requested, c.req.header("accept-language"), env().DEFAULT_CULTURE));
    c.header("X-Request-Id", c.get("requestId"));
    if (requested !== undefined && !isCulture(requested)) throw new ApiError("UnknownCulture");
    // Paths and queries are checked here once; bodies where they are parsed (parseWith).
    refuseControlCharacters({ _: safeDecode(c.req.path), ...c.req.query() }, c.get("culture"));
    const endpoint = endpointFor(c.req.method, c.req.path.slice(API_BASE.length));
    c.set("endpoint", endpoint);
    // Payment webhooks come from the provider, not from our pages; their HMAC signature authenticates them.
    if (!endpoint?.crossOrigin && !isSameOriginRequest(c.req.raw, env().allowedOrigins))
      throw new ApiError("CrossOrigin");
    if (BODY_METHODS.has(c.req.method)) {
      // Behind the Node adapter every non-GET request has a body stream, even an empty DELETE: a body is
      // what the client declared (a content type, a length, a chunked transfer).
      const type = c.req.header("content-type");
      const length = c.req.header("content-length");
      const declared =
        type !== undefined ||
        (length !== undefined && length !== "0") ||
        c.req.header("transfer-encoding") !== undefined;
      const expected = endpoint?.csvUpload
        ? /^(text\/csv\s*(;|$)|multipart\/form-data\s*;)/i
        : endpoint?.multipart
          ? /^multipart\/form-data\s*;/i
          : endpoint?.urlencoded
            ? /^application\/x-www-form-urlencoded\s*(;|$)/i
            : /^application\/json\s*(;|$)/i;
      if (c.req.raw.body !== null && declared && !expected.test(type ?? "")) {
        throw new ApiError("UnsupportedMediaType");
      }
    }
    await next();
  });

  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT_BYTES,
    onError: () => {
      throw new ApiError("PayloadTooLarge");
    },
  });
  // An upload streams its body under its own per-file and per-request limits (assets feature).
  app.use((c, next) => {
    const endpoint = c.get("endpoint");
    return endpoint?.multipart || endpoint?.csvUpload ? next() : jsonLimit(c, next);
  });

  // Session: read from the cookie; the cookie is written back only when the id changed.
  app.use(async (c, next) => {
    const before = getCookie(c, SESSION_COOKIE);
    const session = await loadSession(before, clientIp(c));
    c.set("session", session);
    // The shopper's session is somewhere we cannot reach now: only public reads may go on without it.
    const endpoint = c.get("endpoint");
    const publicRead =
      c.req.path === `${API_BASE}/openapi.json` ||
      endpoint?.public === true ||
      (endpoint?.visitorWhileSessionsAway === true && endpoint.method === "get");
    if (session.unavailable && !publicRead) throw new ApiError("ServiceUnavailable");
    const country = getCookie(c, COUNTRY_COOKIE);
    const memo = endpoint?.personalMemo && c.req.method === "GET" ? registeredPersonalMemo() : undefined;
    const ticket = memo && session.id ? await memo.ticket(memoFacts(c), session.customerId, session.renewsAt) : null;
    // The public data (prices) the answer read: a kept answer holds while they do.
    const tags = new Set<string>();
    await withRequestContext({ session, country: countryCode(country) }, () =>
      ticket ? collectTags(tags, next) : next(),
    );
    if (session.id && (session.id !== before || session.renewed))
      setCookie(c, SESSION_COOKIE, session.id, sessionCookieOptions(session));
    else if (!session.id && before && !session.unavailable) deleteCookie(c, SESSION_COOKIE, { path: "/" });
    // The country the prices follow, mirrored where the page cache finds it (decision 062).
    const code = countryCookieToSend(session.data, country);
    if (code) setCookie(c, COUNTRY_COOKIE, code, countryCookieOptions(env().cookieSecure));
    if (!endpoint?.personalMemo) return;
    const until = Number(c.res.headers.get(MEMO_UNTIL_HEADER) ?? Number.NaN);
    c.res.headers.delete(MEMO_UNTIL_HEADER);
    // An answer that sets a cookie (a renewed session, a country) is this request's own: not kept.
    if (memo && ticket && c.res.status === 200 && !c.res.headers.has("set-cookie"))
      memo.store(ticket, c.res.headers, await c.res.clone().text(), tags, Number.isNaN(until) ? undefined : until);
  });

  for (const endpoint of ENDPOINTS) {
    app.on(endpoint.method.toUpperCase(), endpoint.path, handler(endpoint));
    // A spec path's trailing slash (`/shoppingcarts/city/`): the document lists it without, both answer.
    if (documentedPath(endpoint.path) !== endpoint.path)
      app.on(endpoint.method.toUpperCase(), documentedPath(endpoint.path), handler(endpoint));
  }
  app.get("/openapi.json", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(openApiDocument(ENDPOINTS));
  });

  app.notFound((c) => c.json(errorBody(new ApiError("NotFound"), c.get("culture") ?? env().DEFAULT_CULTURE), 404));

  app.onError((error, c) => {
    const culture = c.get("culture") ?? env().DEFAULT_CULTURE;
    if (error instanceof ApiError) {
      c.header("Cache-Control", "no-store");
      return c.json(errorBody(error, culture), error.status);
    }
    // The file store (an S3 bucket) slow or failing: nothing was lost, the editor may try again.
    if (error instanceof StorageUnavailable) {
      log().warn({ err: error, path: c.req.path }, "file store unavailable");
      c.header("Retry-After", "5");
      return c.json(errorBody(new ApiError("ServiceUnavailable"), culture), 503);
    }
    if (error instanceof StoredFileMissing) return c.json(errorBody(new ApiError("NotFound"), culture), 404);
    // A lost database connection under a write (reads are retried): the client may try again.
    if (isConnectionError(error)) {
      c.header("Retry-After", "1");
      return c.json(errorBody(new ApiError("ServiceUnavailable"), culture), 503);
    }
    log().error({ err: error, requestId: c.get("requestId"), method: c.req.method, path: c.req.path }, "API error");
    return c.json(errorBody(new ApiError("InternalError"), culture), 500);
  });

  return app;
}

/** What the personal memo tells one request's answer from another's by (decision 063). */
function memoFacts(c: Context<ApiEnv>): MemoFacts {
  const url = new URL(c.req.url);
  return {
    url: `${url.pathname}${url.search}`,
    cookie: c.req.header("cookie") ?? "",
    culture: c.req.query("culture") ?? c.req.header("x-culture") ?? "",
    acceptLanguage: c.req.header("accept-language") ?? "",
  };
}

/** An endpoint as a Hono handler: the raw parts go to `runEndpoint`; the answer is JSON (or the Response it made). */
/** Under test every JSON answer is checked against its documented schema: the OpenAPI document cannot drift. */
const CHECK_ANSWERS = process.env.NODE_ENV === "test";

function checkAnswer(endpoint: AnyEndpoint, answer: unknown): void {
  if (!endpoint.response) throw new Error(`${endpoint.key} answers JSON but documents no response schema`);
  const sent = answer === undefined ? undefined : JSON.parse(JSON.stringify(answer));
  const checked = endpoint.response.safeParse(sent);
  if (!checked.success)
    throw new Error(`${endpoint.key} answered outside its schema: ${JSON.stringify(checked.error.issues.slice(0, 3))}`);
}

function handler(endpoint: AnyEndpoint) {
  return async (c: Context<ApiEnv>) => {
    let body: unknown;
    if (endpoint.body && endpoint.urlencoded) {
      body = Object.fromEntries(new URLSearchParams(await c.req.text()));
    } else if (endpoint.body) {
      try {
        body = await c.req.json();
      } catch {
        throw new ApiError("InvalidJson");
      }
      refuseDeepNesting(body);
    }
    c.header("Cache-Control", endpoint.cache ?? "private, no-store");
    const answer = await runEndpoint(endpoint, {
      session: c.get("session"),
      culture: c.get("culture"),
      clientIp: clientIp(c),
      params: c.req.param(),
      query: c.req.query(),
      body,
      requestHeader: (name) => c.req.header(name),
      header: (name, value) => c.header(name, value),
      request: c.req.raw,
    });
    if (!(answer instanceof Response)) {
      if (CHECK_ANSWERS) checkAnswer(endpoint, answer);
      return c.json(answer as object);
    }
    // A Response of its own (a 304, a prepared body) keeps the headers set so far (request id, cookie).
    for (const [name, value] of answer.headers) c.header(name, value);
    return c.newResponse(answer.body as ReadableStream | null, answer.status as 200);
  };
}

let api: Hono<ApiEnv> | undefined;

/** The process-wide API app (routes are registered once). */
export function apiApp(): Hono<ApiEnv> {
  api ??= createApi();
  return api;
}
