import { expect, test } from "@playwright/test";
import { generate } from "otplib";
import pg from "pg";
import { DEMO_TOTP_SECRET } from "../../src/server/db/seed/catalog-data";
import { DEMO_BILLING } from "../support/billing";
import { serverEnvironment } from "../support/e2e-server";
import { picture } from "../support/pictures";
import { freePort, ready as healthy, type Started, startServer } from "../support/processes";
import { roundRobinProxy } from "../support/round-robin-proxy";
import { startS3 } from "../support/s3";

/** The demo shop's owner (issue 72), two-factor with the demo's published secret. */
const DEMO_OWNER = { email: "owner@vitrine.test", password: "Vitrine-owner-1", secret: DEMO_TOTP_SECRET };

/**
 * Three server processes on one PostgreSQL database, one Redis and one S3 store, behind a round-robin
 * proxy (issue 33 point 6): the shop behaves as one. No browser: requests as a shopper's, a merchant's
 * and an editor's browsers send them.
 */
const BASE = process.env.TEST_POSTGRES_URL;
const REDIS = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const TOKEN = "scale-out-metrics-token";

type Process = Started & { port: number };

function start(port: number, env: Record<string, string>): Process {
  return { ...startServer({ ...env, PORT: String(port) }), port };
}

const sweeps = async (server: Process, sweeper: string, result: string) => {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
  return Number(
    text.match(
      new RegExp(`^vitrine_sweeper_runs_total\\{sweeper="${sweeper}",result="${result}"\\} (\\d+)`, "m"),
    )?.[1] ?? 0,
  );
};

test.describe("three processes on one PostgreSQL, Redis and S3 store", () => {
  test.skip(!BASE, "needs TEST_POSTGRES_URL");
  let admin: pg.Client;
  let schema: string;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let proxy: Awaited<ReturnType<typeof roundRobinProxy>>;
  const processes: Process[] = [];

  test.beforeAll(async () => {
    // The first process seeds the demo shop on PostgreSQL, up to a minute on a slow machine, then two start.
    test.setTimeout(240_000);
    schema = `scale_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
    admin = new pg.Client({ connectionString: BASE });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const url = new URL(BASE as string);
    url.searchParams.set("options", `-c search_path=${schema}`);
    url.searchParams.set("application_name", schema);
    s3 = await startS3();
    const ports = [await freePort(), await freePort(), await freePort()];
    proxy = await roundRobinProxy(ports);
    const env = {
      ...serverEnvironment(0, url.toString()),
      SITE_URL: proxy.url,
      SEED_PRODUCTS: "20",
      REDIS_URL: REDIS,
      REDIS_PREFIX: `${schema}:`,
      ASSETS_S3_URL: s3.url,
      METRICS_TOKEN: TOKEN,
      DATABASE_POOL_MAX: "4",
      SHUTDOWN_TIMEOUT_MS: "5000",
    };
    // The first seeds the demo shop; the two others join it.
    processes.push(start(ports[0] as number, env));
    await healthy(processes[0] as Process, "/readyz");
    processes.push(start(ports[1] as number, env), start(ports[2] as number, env));
    await Promise.all(processes.map((server) => healthy(server, "/readyz")));
  });

  test.afterAll(async () => {
    for (const server of processes) server.child.kill("SIGKILL");
    await Promise.all(processes.map((server) => server.exited));
    await proxy?.close();
    await s3?.close();
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [schema]);
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  test("a shopper, a merchant and an editor see one shop; each timer runs once; a stopped process loses no order", async () => {
    test.setTimeout(180_000);
    const origin = proxy.url;
    const json = { "Content-Type": "application/json", Origin: origin };
    await admin.query(`set search_path = ${schema}`);
    const query = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => admin.query<T>(text, values);

    // Each sweeper ran once at start, in the first process; the two others found it done.
    for (const sweeper of ["carts", "unpaid-orders"]) {
      const ok = await Promise.all(processes.map((server) => sweeps(server, sweeper, "ok")));
      const skipped = await Promise.all(processes.map((server) => sweeps(server, sweeper, "skipped")));
      expect(ok, sweeper).toEqual([1, 0, 0]);
      expect(skipped, sweeper).toEqual([0, 1, 1]);
    }

    // A shopper's cart follows her from process to process.
    const [variant] = (
      await query<{ id: number }>(
        `select v.id from product_variants v join products p on p.id = v.product_id
         where p.is_active = 1 and v.min_quantity = 1 and v.step_quantity = 1 and v.max_quantity is null
         order by v.id desc limit 1`,
      )
    ).rows;
    if (!variant) throw new Error("no variant");
    const added = await fetch(`${origin}/api/v1/catalog/products/addtocart`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ ProductVariantId: variant.id, Quantity: 1 }),
    });
    expect(added.status).toBe(200);
    const cookie = (added.headers.get("set-cookie") ?? "").split(";")[0] as string;
    const backends = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const page = await fetch(`${origin}/fr/`, { headers: { Cookie: cookie } });
      backends.add(page.headers.get("x-backend") ?? "");
      expect(await page.text()).toMatch(/class="mini-cart__count"[^>]*>\s*1\s*</);
    }
    expect(backends.size).toBe(3);

    // A merchant sets a product's stock to nothing through one process; a price changes by SQL: every
    // process shows both on its next requests (each had the pages in its cache).
    const [product] = (
      await query<{ id: number; slug: string; category: string }>(
        `select p.id, t.slug, ct.slug as category
         from products p join product_translations t on t.product_id = p.id and t.culture = 'fr'
         join category_translations ct on ct.category_id = p.category_id and ct.culture = 'fr'
         where p.is_active = 1 order by p.id limit 1`,
      )
    ).rows;
    if (!product) throw new Error("no product");
    const list = `/fr/c/${product.category}`;
    const outOfStock = (html: string) => (html.match(/class="stock-out"/g) ?? []).length;
    const before = await Promise.all(
      processes.map(async (server) => {
        await fetch(`${server.url}${list}`);
        const page = await fetch(`${server.url}${list}`);
        expect(page.headers.get("x-cache")).toBe("hit");
        return outOfStock(await page.text());
      }),
    );
    const login = await fetch(`${origin}/api/v1/security/login`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ Email: "staff@vitrine.test", Password: "Vitrine-staff-1" }),
    });
    expect(login.status).toBe(200);
    const staff = (login.headers.get("set-cookie") ?? "").split(";")[0] as string;
    const rows = (
      await query<{ variant_id: number; warehouse_id: number }>(
        "select s.variant_id, s.warehouse_id from stock s join product_variants v on v.id = s.variant_id where v.product_id = $1",
        [product.id],
      )
    ).rows;
    for (const row of rows) {
      const put = await fetch(`${origin}/api/v1/stock/${row.variant_id}/${row.warehouse_id}`, {
        method: "PUT",
        headers: { ...json, Cookie: staff },
        body: JSON.stringify({ Quantity: 0 }),
      });
      expect(put.status, await put.text()).toBe(200);
    }
    for (const [i, server] of processes.entries())
      await expect
        .poll(async () => outOfStock(await (await fetch(`${server.url}${list}`)).text()), { timeout: 2000 })
        .toBe((before[i] as number) + 1);

    const productPage = `/fr/p/${product.slug}`;
    const cached = await Promise.all(
      processes.map(async (server) => {
        await fetch(`${server.url}${productPage}`);
        return (await fetch(`${server.url}${productPage}`)).text();
      }),
    );
    await query(
      "update prices set amount_tax_excl = 123456 where variant_id in (select id from product_variants where product_id = $1)",
      [product.id],
    );
    // The page differs from the cached one by its prices only.
    for (const [i, server] of processes.entries())
      await expect
        .poll(async () => (await (await fetch(`${server.url}${productPage}`)).text()) !== cached[i], { timeout: 2000 })
        .toBe(true);

    // A product renamed through one process (the integration API, as staff) is suggested by every process
    // within 5 s, each of which had its search index built before.
    const { product_key: key } = (
      await query<{ product_key: string }>("select product_key from products where id = $1", [product.id])
    ).rows[0] as { product_key: string };
    const suggested = async (url: string, q: string) =>
      JSON.stringify(await (await fetch(`${url}/api/v1/catalog/search/suggestions?q=${q}&culture=fr`)).json());
    for (const server of processes) expect(await suggested(server.url, "Zanzibarette")).not.toContain("Zanzibarette");
    // The catalogue is the owner's (issue 72): signed in with the demo's published second factor.
    const ownerLogin = await fetch(`${origin}/api/v1/security/login`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ Email: DEMO_OWNER.email, Password: DEMO_OWNER.password }),
    });
    const pending = (ownerLogin.headers.get("set-cookie") ?? "").split(";")[0] as string;
    const second = await fetch(`${origin}/api/v1/security/twofactor`, {
      method: "POST",
      headers: { ...json, Cookie: pending },
      body: JSON.stringify({ Code: await generate({ secret: DEMO_OWNER.secret }) }),
    });
    expect(second.status, await second.clone().text()).toBe(200);
    const owner = (second.headers.get("set-cookie") ?? "").split(";")[0] as string;
    // The product as GET answers it, less its key (the address names it): what PUT takes.
    const { Key: _key, ...current } = await (
      await fetch(`${origin}/api/v1/admin/catalog/products/${key}`, { headers: { Cookie: owner } })
    ).json();
    const renamed = await fetch(`${origin}/api/v1/admin/catalog/products/${key}`, {
      method: "PUT",
      headers: { ...json, Cookie: owner },
      body: JSON.stringify({ ...current, Names: { ...current.Names, fr: "Blouse Zanzibarette" } }),
    });
    expect(renamed.status, await renamed.text()).toBe(200);
    for (const server of processes)
      await expect
        .poll(async () => (await suggested(server.url, "Zanzibarette")).includes("Zanzibarette"), { timeout: 5000 })
        .toBe(true);

    // An editor uploads through one process; the others serve the file from the store.
    const editorLogin = await fetch(`${origin}/api/v1/security/login`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ Email: "editor@vitrine.test", Password: "Vitrine-editor-1" }),
    });
    const editor = (editorLogin.headers.get("set-cookie") ?? "").split(";")[0] as string;
    const form = new FormData();
    form.append("files", new Blob([new Uint8Array(await picture(320, 200))], { type: "image/png" }), "photo.png");
    const upload = await fetch(`${origin}/api/v1/assetslibrary/assets/upload`, {
      method: "POST",
      headers: { Origin: origin, Cookie: editor },
      body: form,
    });
    expect(upload.status).toBe(200);
    const [uploaded] = (await upload.json()) as { thumbnail_url: string }[];
    const through = upload.headers.get("x-backend");
    for (const [i, server] of processes.entries()) {
      if (String(i) === through) continue;
      const served = await fetch(`${server.url}${uploaded?.thumbnail_url}`, { headers: { Cookie: editor } });
      expect(served.status, `process ${i}`).toBe(200);
      expect(served.headers.get("content-type")).toMatch(/^image\//);
    }

    // Orders stream in through the proxy; one process is stopped in the middle of it.
    await query("update stock set quantity = 100000");
    const acknowledged: number[] = [];
    let failures = 0;
    let n = 0;
    const end = Date.now() + 4000;
    const shopper = async () => {
      while (Date.now() < end) {
        const i = n++;
        const add = await fetch(`${origin}/api/v1/catalog/products/addtocart`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ ProductVariantId: variant.id, Quantity: 1 }),
        });
        const sid = (add.headers.get("set-cookie") ?? "").split(";")[0] as string;
        await add.arrayBuffer();
        const order = await fetch(`${origin}/api/v1/sales/orders`, {
          method: "POST",
          headers: { ...json, Cookie: sid },
          body: JSON.stringify({
            IdempotencyKey: `scale-out-${i}-xxxxxxxxxxxxxxxx`,
            Email: `scale${i}@vitrine.test`,
            Billing: DEMO_BILLING,
            AcceptTerms: true,
          }),
        });
        const body = (await order.json().catch(() => ({}))) as { OrderId?: number };
        if (order.ok && body.OrderId) acknowledged.push(body.OrderId);
        else failures += 1;
      }
    };
    const stream = Promise.all(Array.from({ length: 6 }, shopper));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const stopped = processes[1] as Process;
    stopped.child.kill("SIGTERM");
    expect(await stopped.exited).toBe(0);
    await stream;
    expect(acknowledged.length).toBeGreaterThan(20);
    // The others kept answering: a stopped process costs no request here (the proxy skips it).
    expect(failures).toBe(0);
    const stored = await query<{ id: number }>("select id from orders where id = any($1::int[])", [acknowledged]);
    expect(stored.rows.length).toBe(acknowledged.length);
    expect((await fetch(`${origin}/fr/`)).status).toBe(200);
  });
});
