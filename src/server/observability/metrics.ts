import client, { type Counter, type Gauge, type Histogram } from "prom-client";

/**
 * The server's Prometheus metrics (prom-client's default registry). The production server's bundle and
 * Astro's each have a copy of this module but share prom-client: a metric is made once and found again
 * by name. `GET /metrics` (src/server/http/operations.ts) answers them; docs/operations.md says what
 * each one means.
 */
const { register } = client;

function counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
  return (register.getSingleMetric(name) as Counter<L> | undefined) ?? new client.Counter({ name, help, labelNames });
}

function gauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[] = [],
  collect?: (this: Gauge<L>) => void | Promise<void>,
): Gauge<L> {
  return (
    (register.getSingleMetric(name) as Gauge<L> | undefined) ??
    new client.Gauge({ name, help, labelNames, ...(collect ? { collect } : {}) })
  );
}

function histogram<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  buckets: number[],
): Histogram<L> {
  return (
    (register.getSingleMetric(name) as Histogram<L> | undefined) ??
    new client.Histogram({ name, help, labelNames, buckets })
  );
}

const REQUEST_DURATION = "vitrine_http_request_duration_seconds";

/**
 * The requests answered, by route pattern, method and status. A request observes only the duration
 * histogram; the request counter is read from the histogram's counts when scraped (the same numbers):
 * each metric written costs a label hash and check, and a cached page's answer is a few dozen µs.
 */
export function httpMetrics() {
  const duration = histogram(
    REQUEST_DURATION,
    "Time to answer a request, by route pattern, method and status",
    ["route", "method", "status"],
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  const name = "vitrine_http_requests_total";
  const requests =
    (register.getSingleMetric(name) as Counter<"route" | "method" | "status"> | undefined) ??
    new client.Counter({
      name,
      help: "Requests answered, by route pattern, method and status",
      labelNames: ["route", "method", "status"],
      async collect() {
        this.reset();
        for (const { metricName, labels, value } of (await duration.get()).values)
          if (metricName === `${REQUEST_DURATION}_count`) this.inc(labels as Record<string, string>, value);
      },
    });
  return { requests, duration };
}

/** What the page cache answered, read from its own counts when scraped. */
export interface PageCacheCounts {
  hits: number;
  /** Pages served through a database outage. */
  stale: number;
  servedBytes: number;
}

/**
 * The page cache's requests by result and the bytes it served. Misses are counted as they happen (main.ts);
 * hits and bytes are the cache's own counts (`counts`), added when scraped: a hit writes no metric.
 */
export function pageCacheMetrics(counts: () => PageCacheCounts | undefined = () => undefined) {
  let hitsReported = 0;
  let staleReported = 0;
  let bytesReported = 0;
  const requestsName = "vitrine_page_cache_requests_total";
  const bytesName = "vitrine_page_cache_served_bytes_total";
  const requests =
    (register.getSingleMetric(requestsName) as Counter<"result"> | undefined) ??
    new client.Counter({
      name: requestsName,
      help: "Page requests the page cache could serve, by result",
      labelNames: ["result"],
      collect() {
        const hits = counts()?.hits ?? hitsReported;
        if (hits > hitsReported) this.inc({ result: "hit" }, hits - hitsReported);
        hitsReported = hits;
        const stale = counts()?.stale ?? staleReported;
        if (stale > staleReported) this.inc({ result: "stale" }, stale - staleReported);
        staleReported = stale;
      },
    });
  const bytes =
    (register.getSingleMetric(bytesName) as Counter | undefined) ??
    new client.Counter({
      name: bytesName,
      help: "Bytes of pages served from the page cache",
      collect() {
        const served = counts()?.servedBytes ?? bytesReported;
        if (served > bytesReported) this.inc(served - bytesReported);
        bytesReported = served;
      },
    });
  return { requests, bytes };
}

/** Summaries answered by the production server itself (decision 063), or computed. */
export function personalMemoMetrics() {
  return counter("vitrine_personal_memo_requests_total", "Shopper summaries served from the personal memo, by result", [
    "result",
  ]);
}

export function databaseMetrics() {
  return {
    slowQueries: counter("vitrine_db_slow_queries_total", "Queries that took longer than 250 ms"),
    queryErrors: counter("vitrine_db_query_errors_total", "Queries that failed"),
  };
}

/** The pool's connections, read when scraped (PostgreSQL; SQLite has one connection and none waiting). */
export function registerPoolGauge(read: () => { total: number; idle: number; waiting: number }): void {
  const pool = gauge("vitrine_db_pool_connections", "Database connections by state", ["state"]);
  (pool as unknown as { collect?: () => void }).collect = () => {
    const { total, idle, waiting } = read();
    pool.set({ state: "in_use" }, total - idle);
    pool.set({ state: "idle" }, idle);
    pool.set({ state: "waiting" }, waiting);
  };
}

export function outboxMetrics() {
  return {
    sent: counter("vitrine_outbox_sent_total", "Mails sent"),
    retried: counter("vitrine_outbox_retries_total", "Mail sends that failed and will be tried again"),
    failed: counter("vitrine_outbox_failed_total", "Mails given up (refused for good, or too many tries)"),
  };
}

/** The outbox's queue, read from the database when scraped. */
export function registerOutboxGauges(
  read: () => Promise<{ queued: number; failed: number; oldestQueuedSeconds: number }>,
): void {
  const queued = gauge("vitrine_outbox_queued", "Mails waiting to be sent");
  const failed = gauge("vitrine_outbox_failed", "Mails given up, kept in the outbox");
  const oldest = gauge("vitrine_outbox_oldest_queued_seconds", "Age of the oldest mail waiting to be sent");
  (queued as unknown as { collect?: () => Promise<void> }).collect = async () => {
    try {
      const state = await read();
      queued.set(state.queued);
      failed.set(state.failed);
      oldest.set(state.oldestQueuedSeconds);
    } catch {
      // The database is away: the gauges keep their last values; readiness says so.
    }
  };
}

export function sweeperRuns() {
  return counter("vitrine_sweeper_runs_total", "Runs of the background sweepers, by sweeper and result", [
    "sweeper",
    "result",
  ]);
}

export function orderMetrics() {
  return {
    placed: counter("vitrine_orders_placed_total", "Orders placed"),
    payments: counter("vitrine_payments_total", "Payment outcomes received, by result", ["result"]),
  };
}

let defaults = false;

/** Node's own metrics (event-loop lag, heap, CPU, handles), once per process. */
export function collectProcessMetrics(): void {
  if (defaults || register.getSingleMetric("nodejs_eventloop_lag_seconds")) return;
  defaults = true;
  client.collectDefaultMetrics({ register });
}

export function metricsText(): Promise<string> {
  return register.metrics();
}

export const METRICS_CONTENT_TYPE = register.contentType;
