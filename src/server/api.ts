import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { accountRoutes } from "../features/account/account.routes";
import { cartRoutes } from "../features/cart/cart.routes";
import { cartDetailRoutes } from "../features/cart/cart-detail.routes";
import { catalogRoutes } from "../features/catalog/catalog.routes";
import { customerReferenceRoutes } from "../features/catalog/customer-reference.routes";
import { stockRoutes } from "../features/catalog/stock.routes";
import { checkoutRoutes } from "../features/checkout/checkout.routes";
import { consentRoutes } from "../features/consent/consent.routes";
import { islandRoutes } from "../features/islands/islands.routes";
import { localizationRoutes } from "../features/localization/localization.routes";
import { orderRoutes } from "../features/orders/orders.routes";
import { paymentRoutes, WEBHOOK_PATH } from "../features/payment/payment.routes";
import { pickupRoutes } from "../features/pickup/pickup.routes";
import { isCulture, pickCulture } from "../lib/culture";
import { safeDecode } from "../lib/url";
import { env } from "./config/env";
import { isConnectionError } from "./db/errors";
import { clientIp } from "./http/client-ip";
import type { ApiEnv } from "./http/context";
import { ApiError, errorBody } from "./http/errors";
import { openApiDocument } from "./http/openapi";
import { isSameOriginRequest } from "./http/security";
import { refuseControlCharacters } from "./http/validation";
import { loadSession, SESSION_COOKIE, sessionCookieOptions } from "./session/session";

/** JSON bodies of this API are small; uploads (a later issue) get their own limit. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

/** Reads that are the same for every visitor, served while sessions are unavailable. */
const PUBLIC_READS = /^\/api\/v1\/(catalog\/|localization\/|islands|openapi\.json|countries\/|stock\/)/;

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function createApi(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>().basePath("/api/v1");

  app.use(async (c, next) => {
    c.set("requestId", c.req.header("x-request-id")?.slice(0, 64) ?? randomUUID());
    const requested = c.req.query("culture") ?? c.req.header("x-culture");
    c.set(
      "culture",
      isCulture(requested) ? requested : pickCulture(c.req.header("accept-language"), env().DEFAULT_CULTURE),
    );
    c.header("X-Request-Id", c.get("requestId"));
    if (requested !== undefined && !isCulture(requested)) throw new ApiError("UnknownCulture");
    // Paths and queries are checked here once; bodies where they are parsed (parseWith).
    refuseControlCharacters({ _: safeDecode(c.req.path), ...c.req.query() }, c.get("culture"));
    // Payment webhooks come from the provider, not from our pages; their HMAC signature authenticates them.
    if (c.req.path !== WEBHOOK_PATH && !isSameOriginRequest(c.req.raw, env().allowedOrigins))
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
      if (c.req.raw.body !== null && declared && !/^application\/json\s*(;|$)/i.test(type ?? "")) {
        throw new ApiError("UnsupportedMediaType");
      }
    }
    await next();
  });

  app.use(
    bodyLimit({
      maxSize: JSON_BODY_LIMIT_BYTES,
      onError: () => {
        throw new ApiError("PayloadTooLarge");
      },
    }),
  );

  // Session: read from the cookie; the cookie is written back only when the id changed.
  app.use(async (c, next) => {
    const before = getCookie(c, SESSION_COOKIE);
    const session = await loadSession(before, clientIp(c));
    c.set("session", session);
    // The shopper's session is somewhere we cannot reach now: only public reads may go on without it.
    if (session.unavailable && !(c.req.method === "GET" && PUBLIC_READS.test(c.req.path)))
      throw new ApiError("ServiceUnavailable");
    await next();
    if (session.id && (session.id !== before || session.renewed))
      setCookie(c, SESSION_COOKIE, session.id, sessionCookieOptions(session));
    else if (!session.id && before && !session.unavailable) deleteCookie(c, SESSION_COOKIE, { path: "/" });
  });

  app.route("/", localizationRoutes);
  app.route("/", cartRoutes);
  app.route("/", cartDetailRoutes);
  app.route("/", checkoutRoutes);
  app.route("/", orderRoutes);
  app.route("/", paymentRoutes);
  app.route("/", pickupRoutes);
  app.route("/", accountRoutes);
  app.route("/", islandRoutes);
  app.route("/", consentRoutes);
  app.route("/", catalogRoutes);
  app.route("/", stockRoutes);
  app.route("/", customerReferenceRoutes);

  app.get("/openapi.json", (c) => c.json(openApiDocument()));

  app.notFound((c) => c.json(errorBody(new ApiError("NotFound"), c.get("culture") ?? env().DEFAULT_CULTURE), 404));

  app.onError((error, c) => {
    const culture = c.get("culture") ?? env().DEFAULT_CULTURE;
    if (error instanceof ApiError) {
      c.header("Cache-Control", "no-store");
      return c.json(errorBody(error, culture), error.status);
    }
    // A lost database connection under a write (reads are retried): the client may try again.
    if (isConnectionError(error)) {
      c.header("Retry-After", "1");
      return c.json(errorBody(new ApiError("ServiceUnavailable"), culture), 503);
    }
    console.error(`[${c.get("requestId") ?? "-"}] ${c.req.method} ${c.req.path}`, error);
    return c.json(errorBody(new ApiError("InternalError"), culture), 500);
  });

  return app;
}

let api: Hono<ApiEnv> | undefined;

/** The process-wide API app (routes are registered once). */
export function apiApp(): Hono<ApiEnv> {
  api ??= createApi();
  return api;
}
