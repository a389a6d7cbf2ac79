import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { DEMO_BILLING } from "../support/billing";
import { withSqlite } from "../support/customers";
import { workerPort } from "../support/e2e-server";
import { freePort } from "../support/processes";
import { rawRequest } from "../support/raw-http";
import { cuttableProxy } from "../support/tcp-proxy";

/**
 * The production server with sessions in a Redis of this test's own, which the test stops: pages keep
 * answering in full for a visitor whose session cannot be read, and come back when Redis does.
 */
const hasRedis = spawnSync("redis-server", ["--version"]).status === 0;
// A port the system says is free (one from the process id collided now and then with a connection's).
let redisPort = 0;
// One of this worker's ports (its own server takes the first).
const PORT = workerPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0)) + 7;
const base = `http://127.0.0.1:${PORT}`;
const database = `data/e2e-outage-${Date.now()}.sqlite`;
const PG_BASE = process.env.TEST_POSTGRES_URL;

function start(
  command: string,
  args: string[],
  ready: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let output = "";
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) resolve(child);
    };
    child.stdout?.on("data", listen);
    child.stderr?.on("data", listen);
    child.on("exit", (code) => reject(new Error(`${command} exited with ${code}: ${output.slice(-500)}`)));
  });
}

/** The production server of a small shop (8 products) on `database`, once it listens on `port`. */
const startShop = (port: number, database: string, env: Record<string, string> = {}) =>
  start(process.execPath, ["dist/main.mjs"], "listening", {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: database,
    SEED_PRODUCTS: "8",
    ASSETS_DIR: "data/test-assets",
    ...env,
  });

const stop = (child: ChildProcess | undefined) =>
  new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });

const redisArgs = () => ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"];

test.describe("a Redis outage seen from the browser", () => {
  // One Redis and one server on fixed ports for the whole block: its tests run in order, on one worker.
  test.describe.configure({ mode: "default" });
  test.skip(!hasRedis, "no redis-server binary to start and stop");
  let redis: ChildProcess | undefined;
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    redisPort = await freePort();
    redis = await start("redis-server", redisArgs(), "Ready to accept connections");
    server = await startShop(PORT, database, { REDIS_URL: `redis://127.0.0.1:${redisPort}` });
  });
  test.afterAll(async () => {
    await stop(server);
    await stop(redis);
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${database}${suffix}`, { force: true });
  });

  test("pages answer in full, as for a visitor, and sign-in says the service is briefly away", async () => {
    test.setTimeout(120_000);
    const login = await rawRequest(`${base}/api/v1/security/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ Email: "marie@vitrine.test", Password: "Vitrine-demo-1" }),
    });
    expect(login.status).toBe(200);
    const cookie = String(login.headers["set-cookie"]).split(";")[0] as string;
    expect((await rawRequest(`${base}/fr/`, { headers: { Cookie: cookie } })).body).toContain("Se déconnecter");

    // A guest's order, placed while Redis answers: her mail's link is followed during the outage.
    const variantId = withSqlite(database, (db) => {
      const row = db
        .prepare(
          `select v.id from product_variants v join stock s on s.variant_id = v.id
           where v.min_quantity = 1 and v.step_quantity = 1 and v.max_quantity is null and s.quantity > 0 limit 1`,
        )
        .get() as { id: number };
      return row.id;
    });
    const json = { "Content-Type": "application/json", Origin: base };
    const added = await rawRequest(`${base}/api/v1/catalog/products/addtocart`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ ProductVariantId: variantId, Quantity: 1 }),
    });
    expect(added.status, added.body).toBe(200);
    const guest = ([added.headers["set-cookie"] ?? []].flat() as string[]).map((c) => c.split(";")[0]).join("; ");
    const placed = await rawRequest(`${base}/api/v1/sales/orders`, {
      method: "POST",
      headers: { ...json, Cookie: guest },
      body: JSON.stringify({
        IdempotencyKey: `outage-${Date.now()}-guest-order`,
        Email: "lea@example.org",
        Billing: DEMO_BILLING,
        AcceptTerms: true,
      }),
    });
    expect(placed.status, placed.body).toBe(200);
    const number = (JSON.parse(placed.body) as { OrderNumber: string }).OrderNumber;
    const key = withSqlite(database, (db) => {
      const row = db.prepare("select access_key from orders where number = ?").get(number) as { access_key: string };
      return row.access_key;
    });
    const link = `${base}/fr/sales/order/${number}/confirmation`;

    await stop(redis);
    // Her key cannot be kept in a session now: the shop says it is briefly away, and keeps nothing.
    const away = await rawRequest(`${link}?key=${key}`);
    expect(away.status).toBe(503);
    expect(away.body).toContain("momentanément indisponible");
    expect(away.headers["set-cookie"]).toBeUndefined();
    for (const path of ["/fr/", "/fr/shoppingcarts", "/fr/catalog?q="]) {
      const started = Date.now();
      const page = await rawRequest(`${base}${path}`, { headers: { Cookie: cookie } });
      expect(page.status, path).toBe(200);
      expect(page.body.trimEnd(), path).toMatch(/<\/html>$/);
      expect(page.body, path).toContain("Se connecter");
      expect(Date.now() - started, path).toBeLessThan(2000);
    }
    // A browser that runs scripts gets the shared page, and her summary answers as for a visitor
    // (decision 062): nothing personal is guessed while her session cannot be read.
    const scripted = { Cookie: `${cookie}; vitrine_js=1` };
    const shared = await rawRequest(`${base}/fr/`, { headers: scripted });
    expect(shared.status).toBe(200);
    expect(shared.body.trimEnd()).toMatch(/<\/html>$/);
    const started = Date.now();
    const summary = await rawRequest(`${base}/api/v1/me/summary`, { headers: scripted });
    expect(summary.status, summary.body).toBe(200);
    expect(JSON.parse(summary.body)).toMatchObject({ Customer: null, Cart: { ItemsCount: 0 }, Wishlist: { Count: 0 } });
    expect(Date.now() - started).toBeLessThan(2000);
    const form = await rawRequest(`${base}/fr/security/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: "Email=jan%40vitrine.test&Password=Vitrine-demo-2",
    });
    expect(form.status).toBe(503);
    expect(form.body).toContain("momentanément indisponible");

    // Back by itself once Redis is.
    redis = await start("redis-server", redisArgs(), "Ready to accept connections");
    await expect
      .poll(
        async () =>
          (
            await rawRequest(`${base}/api/v1/security/login`, {
              method: "POST",
              headers: { "Content-Type": "application/json", Origin: base },
              body: JSON.stringify({ Email: "marie@vitrine.test", Password: "Vitrine-demo-1" }),
            })
          ).status,
        { timeout: 15_000 },
      )
      .toBe(200);
    // Her link works again: the order opens in a session, and the page leaves the key's address.
    const back = await rawRequest(`${link}?key=${key}`);
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe(`/fr/sales/order/${number}/confirmation`);
  });
});

/**
 * The production server on PostgreSQL through a proxy the test cuts: with the database away, the pages
 * it kept are served as they were, and a page that needs the database says so in the shopper's language
 * (503, Retry-After), never a bare 500; the shop answers again once the database is back.
 */
test.describe("a PostgreSQL outage seen from the browser", () => {
  test.skip(!PG_BASE, "needs TEST_POSTGRES_URL");
  let admin: pg.Client;
  let schema = "";
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG_BASE });
    await admin.connect();
    schema = `outage_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
    await admin.query(`create schema ${schema}`);
  });
  test.afterAll(async () => {
    await stop(server);
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1", [schema]);
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  test("kept pages are served and the others answer the shop's 503 page in her language while the database is away", async () => {
    test.setTimeout(180_000);
    const upstream = new URL(PG_BASE as string);
    const proxy = await cuttableProxy({ host: upstream.hostname, port: Number(upstream.port || 5432) });
    const url = new URL(PG_BASE as string);
    url.port = String(proxy.port);
    url.searchParams.set("options", `-c search_path=${schema}`);
    url.searchParams.set("application_name", schema);
    const port = await freePort();
    const site = `http://127.0.0.1:${port}`;
    server = await startShop(port, url.toString());
    // A page kept before the outage (its second answer comes from the page cache).
    await expect
      .poll(async () => (await rawRequest(`${site}/fr/c/vetements`)).headers["x-cache"], { timeout: 15_000 })
      .toBe("hit");

    await proxy.cut();
    // Once the server finds it cannot reach the database, the pages it kept stand in for the 503 page.
    await expect
      .poll(async () => (await rawRequest(`${site}/fr/c/vetements`)).headers["x-cache"], { timeout: 15_000 })
      .toBe("stale");
    const kept = await rawRequest(`${site}/fr/c/vetements`);
    expect(kept.status).toBe(200);
    expect(kept.headers["cache-control"]).toBe("no-store");
    expect(kept.body).toContain("<title>Vêtements");
    const pages = [
      ["/fr/", "Service momentanément indisponible"],
      ["/fr/catalog?q=robe", "Service momentanément indisponible"],
      ["/nl/", "Dienst tijdelijk niet beschikbaar"],
      ["/fr/une-adresse-inconnue", "Service momentanément indisponible"],
    ] as const;
    for (const [path, title] of pages) {
      const page = await rawRequest(`${site}${path}`);
      expect(page.status, path).toBe(503);
      expect(page.headers["retry-after"], path).toBe("30");
      expect(page.headers["cache-control"], path).toBe("no-store");
      expect(page.body, path).toContain(`<title>${title}`);
      expect(page.body.trimEnd(), path).toMatch(/<\/html>$/);
    }
    // A form sent without JavaScript is not taken, and she is told to try again.
    const form = await rawRequest(`${site}/fr/security/forgotpassword`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site },
      body: "Email=lea%40example.org",
    });
    expect(form.status).toBe(503);
    expect(form.body).toContain("momentanément indisponible");

    await proxy.restore();
    await expect
      .poll(async () => (await rawRequest(`${site}/fr/catalog?q=robe`)).status, { timeout: 15_000 })
      .toBe(200);
    expect(server.exitCode).toBeNull();
    await proxy.cut();
  });
});

/**
 * A page that fails in a way nobody foresaw (here: a table renamed under the running shop, as a botched
 * manual change would): the shopper gets the shop's 500 page in her language with a reference to quote,
 * the log has that reference on one JSON line with the error, and the page answers again once repaired.
 */
test.describe("a page that fails unforeseen", () => {
  const file = `data/e2e-failing-${Date.now()}.sqlite`;
  let server: ChildProcess | undefined;
  test.afterAll(async () => {
    await stop(server);
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
  });

  test("answers the shop's 500 page with the reference its JSON log line has", async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    const site = `http://127.0.0.1:${port}`;
    server = await startShop(port, file);
    let output = "";
    server.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const rename = (from: string, to: string) =>
      withSqlite(file, (db) => db.prepare(`alter table ${from} rename to ${to}`).run());
    rename("news_translations", "news_translations_away");
    const page = await rawRequest(`${site}/de/news`);
    expect(page.status).toBe(500);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toContain("<title>Ein Fehler ist aufgetreten");
    expect(page.body.trimEnd()).toMatch(/<\/html>$/);
    const reference = String(page.headers["x-request-id"]);
    expect(page.body).toContain(`Referenz: ${reference}`);
    // The error and the reference on one line of JSON; every line the server wrote is JSON.
    await expect.poll(() => output.includes('"msg":"page failed"'), { timeout: 5_000 }).toBe(true);
    const lines = output.trim().split("\n");
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failed = records.find((record) => record.msg === "page failed") as {
      level: string;
      requestId: string;
      path: string;
      err: { message: string };
    };
    expect(failed).toMatchObject({ level: "error", requestId: reference, path: "/de/news" });
    expect(failed.err.message).toContain("no such table: news_translations");

    rename("news_translations_away", "news_translations");
    const repaired = await rawRequest(`${site}/de/news`);
    expect(repaired.status).toBe(200);

    // A failure before the page began (her session's table, read for her cookie): the same page, with
    // the shop's security headers and none of Astro's own marks, and its line (before: Astro's bare 500
    // page, without either, and an error line without the request's id).
    const login = await rawRequest(`${site}/api/v1/security/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site },
      body: JSON.stringify({ Email: "marie@vitrine.test", Password: "Vitrine-demo-1" }),
    });
    const cookie = String(login.headers["set-cookie"]).split(";")[0] as string;
    rename("sessions", "sessions_away");
    const account = await rawRequest(`${site}/de/account`, { headers: { Cookie: cookie } });
    expect(account.status).toBe(500);
    expect(account.body).toContain("<title>Ein Fehler ist aufgetreten");
    const accountReference = String(account.headers["x-request-id"]);
    expect(account.body).toContain(`Referenz: ${accountReference}`);
    expect(account.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(account.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(Object.keys(account.headers).filter((name) => name.startsWith("x-astro"))).toEqual([]);
    const failedLine = () =>
      output
        .split("\n")
        .filter((line) => line.includes(accountReference) && line.includes('"page failed"'))
        .map((line) => JSON.parse(line) as { requestId: string; path: string; err: { message: string } })[0];
    await expect.poll(() => failedLine()?.path).toBe("/de/account");
    expect(failedLine()?.err.message).toContain("no such table: sessions");
    rename("sessions_away", "sessions");
    expect((await rawRequest(`${site}/de/account`, { headers: { Cookie: cookie } })).status).toBe(200);
    expect(server.exitCode).toBeNull();
  });
});
