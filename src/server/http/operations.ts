import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { sql } from "kysely";
import { env } from "../config/env";
import { db } from "../db/client";
import { logAccess } from "../observability/log";
import { httpMetrics, METRICS_CONTENT_TYPE, metricsText } from "../observability/metrics";
import type { KnownTicket } from "../page-cache/page-cache";

/**
 * What an operator's tools call (docs/operations.md): `/healthz` (the process answers), `/readyz` (it
 * can serve: database, Redis, page-cache notifications, not draining) and `/metrics` (Prometheus, with
 * METRICS_TOKEN). None needs a session or goes through the page cache.
 */
export interface Readiness {
  /** The process is shutting down: readiness answers 503 at once. */
  draining: boolean;
  /** Redis answers (when REDIS_URL is set). */
  redis?: () => Promise<unknown>;
  /** The page cache knows the version of public data (its PostgreSQL notifications are connected). */
  pageCacheVersionKnown?: () => boolean;
}

const READY_TIMEOUT_MS = 1000;
const HEALTH_PATHS = new Set(["/healthz", "/readyz"]);

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref()),
  ]);
}

/** What keeps the process from serving, by name; empty when it is ready. */
export async function readinessProblems(state: Readiness): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  if (state.draining) problems.process = "shutting down";
  const checks: [string, () => Promise<unknown>][] = [["database", () => sql`select 1`.execute(db())]];
  if (state.redis) checks.push(["redis", state.redis]);
  await Promise.all(
    checks.map(async ([name, check]) => {
      try {
        await within(check(), READY_TIMEOUT_MS);
      } catch (error) {
        problems[name] = (error as Error).message.slice(0, 200);
      }
    }),
  );
  if (state.pageCacheVersionKnown && !state.pageCacheVersionKnown())
    problems.pageCache = "the version of public data is unknown (notifications not connected)";
  return problems;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
  res.end(JSON.stringify(body));
}

/** An address's path, without its query. */
function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query < 0 ? url : url.slice(0, query);
}

function isOperationsPath(path: string): boolean {
  return HEALTH_PATHS.has(path) || path === "/metrics";
}

/** A request `serveOperations` may answer: a read of /healthz, /readyz or /metrics. */
export function isOperationsRequest(req: IncomingMessage): boolean {
  return (req.method === "GET" || req.method === "HEAD") && isOperationsPath(pathOf(req.url ?? "/"));
}

/** Answers /healthz, /readyz and /metrics; false for any other request. */
export async function serveOperations(req: IncomingMessage, res: ServerResponse, state: Readiness): Promise<boolean> {
  if (!isOperationsRequest(req)) return false;
  const path = pathOf(req.url ?? "/");
  if (path === "/healthz") {
    json(res, 200, { status: "ok" });
    return true;
  }
  if (path === "/readyz") {
    const problems = await readinessProblems(state);
    const ready = Object.keys(problems).length === 0;
    json(res, ready ? 200 : 503, ready ? { status: "ready" } : { status: "unavailable", problems });
    return true;
  }
  if (path === "/metrics") {
    const { METRICS_TOKEN, isProduction } = env();
    // Off in production without a token; open in development; with a token, only for its bearer.
    if (!METRICS_TOKEN && isProduction) return false;
    if (METRICS_TOKEN && req.headers.authorization !== `Bearer ${METRICS_TOKEN}`) {
      res.writeHead(401, { "WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store" });
      res.end();
      return true;
    }
    const body = await metricsText();
    res.writeHead(200, { "Content-Type": METRICS_CONTENT_TYPE, "Cache-Control": "no-store" });
    res.end(body);
    return true;
  }
  return false;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request's id: the one a proxy sent when it looks like one, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers["x-request-id"];
  return typeof sent === "string" && REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** What the access log and the metrics learn about a request while it is answered. */
export interface RequestNotes {
  /** The route pattern that answered ("/[culture]/p/[slug]", "/api/v1/cart/items/:id", "static"...). */
  route?: string;
  /** Whether the page cache served it ("stale": kept before the database went away, served through it). */
  cache?: "hit" | "miss" | "stale";
  culture?: string;
  /** The page cache's ticket for a page it did not answer: Astro's middleware reuses it (locals). */
  pageTicket?: KnownTicket;
  /** The body's length, from the page cache, which writes its headers at once (none to read back). */
  bytes?: number;
}

/** Query parameters kept in the access log: the rest (a search, an e-mail, a token) is personal or secret. */
const LOGGED_QUERY = new Set(["page", "pageindex", "pageSize", "sort", "display", "culture", "pagenbr"]);

function loggedPath(url: string): string {
  const [path, query] = url.split("?");
  if (!query) return path ?? "/";
  const kept = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(query)) kept.append(key, LOGGED_QUERY.has(key) ? value : "_");
  return `${path}?${kept}`;
}

const requestMetrics = httpMetrics();

/**
 * One JSON line per request (unless ACCESS_LOG is off; health checks only with LOG_HEALTH_CHECKS), and
 * the request metrics, when the answer is finished.
 */
export function observeRequest(req: IncomingMessage, res: ServerResponse, id: string, notes: RequestNotes): void {
  const started = process.hrtime.bigint();
  // As asked: an unknown address is answered by the 404 page under another (main.ts).
  const url = req.url ?? "/";
  res.once("finish", () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const path = pathOf(url);
    const health = isOperationsPath(path);
    const route = notes.route ?? (health ? path : "other");
    const labels = { route, method: req.method ?? "GET", status: String(res.statusCode) };
    // The request counter is read from this histogram's counts when scraped (metrics.ts).
    requestMetrics.duration.observe(labels, seconds);
    const { ACCESS_LOG, LOG_HEALTH_CHECKS } = env();
    if (!ACCESS_LOG || (health && !LOG_HEALTH_CHECKS)) return;
    logAccess({
      requestId: id,
      method: req.method ?? "GET",
      path: loggedPath(url),
      route,
      status: res.statusCode,
      ms: Math.round(seconds * 1000 * 10) / 10,
      bytes: notes.bytes ?? (Number(res.getHeader("content-length") ?? 0) || undefined),
      cache: notes.cache,
      culture: notes.culture,
    });
  });
}
