import { type ChildProcess, spawn } from "node:child_process";
import { createServer, Socket } from "node:net";
import { expect, test } from "@playwright/test";
import pg from "pg";

/**
 * An operator's production start (issue 32), on the production build: an empty PostgreSQL database
 * behind a public SITE_URL becomes an empty shop with no demo account, answers its health, readiness
 * and metrics, logs one JSON line per request, and stops gracefully. No browser: plain requests.
 */
const BASE = process.env.TEST_POSTGRES_URL;
const TOKEN = "metrics-token-for-the-test";
const SITE = "https://shop.example";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Started {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>, script = "dist/main.mjs"): Started {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { url: `http://127.0.0.1:${env.PORT}`, child, output: () => output, exited };
}

async function ready(started: Started): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const answer = await fetch(`${started.url}/healthz`).catch(() => null);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not start:\n${started.output()}`);
}

test.describe("a production start on an empty PostgreSQL database", () => {
  test.skip(!BASE, "needs TEST_POSTGRES_URL");
  let admin: pg.Client;
  let schema: string;
  let databaseUrl: string;

  test.beforeAll(async () => {
    schema = `ops_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
    admin = new pg.Client({ connectionString: BASE });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const url = new URL(BASE as string);
    url.searchParams.set("options", `-c search_path=${schema}`);
    url.searchParams.set("application_name", schema);
    databaseUrl = url.toString();
  });
  test.afterAll(async () => {
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [schema]);
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  test("serves an empty shop with no demo account, its health, readiness and metrics, logs each request, and stops within its deadline", async () => {
    test.setTimeout(90_000);
    const env = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(await freePort()),
      SITE_URL: SITE,
      PAYMENT_HMAC_KEY: "0123456789abcdef".repeat(2),
      DATABASE_URL: databaseUrl,
      ASSETS_DIR: "data/ops-assets",
      METRICS_TOKEN: TOKEN,
      SHUTDOWN_TIMEOUT_MS: "5000",
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
    };
    // The sandbox provider is refused there, with one line naming the setting.
    const refused = startServer({ ...env, PAYMENT_PROVIDER: "sandbox" });
    expect(await refused.exited).toBe(1);
    expect(refused.output().trim().split("\n")).toEqual([
      expect.stringMatching(/^Invalid configuration: PAYMENT_PROVIDER: the sandbox accepts any card number/),
    ]);

    const server = startServer(env);
    await ready(server);
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: "ok" });
    const readiness = await fetch(`${server.url}/readyz`);
    expect(readiness.status).toBe(200);
    expect(await readiness.json()).toEqual({ status: "ready" });

    // An empty shop: reference data only, no product, no account, no coupon.
    const counts = await admin.query(
      `select (select count(*) from ${schema}.products)::int as products, (select count(*) from ${schema}.customers)::int as customers,
              (select count(*) from ${schema}.coupons)::int as coupons, (select count(*) from ${schema}.countries)::int as countries`,
    );
    expect(counts.rows[0]).toMatchObject({ products: 0, customers: 0, coupons: 0 });
    expect(counts.rows[0].countries).toBeGreaterThan(5);
    const home = await fetch(`${server.url}/fr/`);
    expect(home.status).toBe(200);
    const requestId = home.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const staff = await fetch(`${server.url}/api/v1/security/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE },
      body: JSON.stringify({ Email: "staff@vitrine.test", Password: "Vitrine-staff-1" }),
    });
    expect(staff.status).toBe(401);
    const session = staff.headers.get("set-cookie")?.match(/vitrine_session=([^;]+)/)?.[1];
    await fetch(`${server.url}/fr/search?q=jan@vitrine.test`);

    // Metrics: only with the token; the names and labels are there and move.
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const scrape = async () =>
      (await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
    const metrics = await scrape();
    for (const expected of [
      /^vitrine_http_requests_total\{route="\/api\/v1\/security\/login",method="POST",status="401"\} 1$/m,
      /^vitrine_http_request_duration_seconds_bucket\{le="0\.1",route="\/\[culture\]",method="GET",status="200"\} \d+$/m,
      /^vitrine_page_cache_requests_total\{result="miss"\} \d+$/m,
      /^vitrine_db_pool_connections\{state="in_use"\} \d+$/m,
      /^vitrine_db_pool_connections\{state="waiting"\} 0$/m,
      /^vitrine_outbox_queued 0$/m,
      /^vitrine_outbox_oldest_queued_seconds 0$/m,
      /^vitrine_sweeper_runs_total\{sweeper="carts",result="ok"\} 1$/m,
      /^nodejs_eventloop_lag_seconds \d/m,
      /^process_resident_memory_bytes \d+/m,
    ])
      expect(metrics).toMatch(expected);
    // The same page again: from the page cache, counted as a hit.
    await fetch(`${server.url}/fr/`);
    const again = await scrape();
    expect(again).toMatch(/^vitrine_page_cache_requests_total\{result="hit"\} 1$/m);
    expect(again).toMatch(/^vitrine_http_requests_total\{route="page-cache",method="GET",status="200"\} 1$/m);

    // A slow request in flight when SIGTERM comes: it finishes; a new connection is refused; exit 0.
    const slow = new Socket();
    await new Promise<void>((resolve) => slow.connect(Number(env.PORT), "127.0.0.1", resolve));
    const body = JSON.stringify({ Email: "nobody@shop.example", Password: "Not-the-password-1" });
    slow.write(
      `POST /api/v1/security/login HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${SITE}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    let answer = "";
    slow.on("data", (chunk) => {
      answer += chunk;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      await fetch(`${server.url}/healthz`).then(
        () => "answered",
        () => "refused",
      ),
    ).toBe("refused");
    slow.write(body.slice(10));
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(5000);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    slow.destroy();

    // One JSON line per request, with its id; nothing personal or secret in any line.
    const lines = server
      .output()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = lines.filter((line) => line.msg === "request");
    expect(requests.find((line) => line.requestId === requestId)).toMatchObject({
      method: "GET",
      path: "/fr/",
      route: "/[culture]",
      status: 200,
      culture: "fr",
      cache: "miss",
    });
    expect(requests.some((line) => line.path === "/fr/search?q=_")).toBe(true);
    expect(requests.filter((line) => String(line.path).startsWith("/healthz"))).toEqual([]);
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(["listening", "shutting down", "stopped"]));
    const all = server.output();
    for (const secret of ["Vitrine-staff-1", "Not-the-password-1", "jan@vitrine.test", "staff@vitrine.test", TOKEN])
      expect(all).not.toContain(secret);
    if (session) expect(all).not.toContain(session);
  });

  test("npm start passes SIGTERM to the server and exits with its code", async () => {
    test.setTimeout(60_000);
    const port = String(await freePort());
    const started = startServer(
      {
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: port,
        SITE_URL: SITE,
        PAYMENT_HMAC_KEY: "0123456789abcdef".repeat(2),
        DATABASE_URL: databaseUrl,
        ASSETS_DIR: "data/ops-assets",
        SKIP_BUILD: "1",
        LOG_FORMAT: "json",
      },
      "scripts/start.mjs",
    );
    await ready(started);
    started.child.kill("SIGTERM");
    expect(await started.exited).toBe(0);
    // The server itself is gone too: nothing answers on its port.
    expect(
      await fetch(`${started.url}/healthz`).then(
        () => "answered",
        () => "refused",
      ),
    ).toBe("refused");
    expect(started.output()).toContain('"msg":"stopped"');
  });
});
