import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "../../src/features/integration/integration.server";
import { CULTURES } from "../../src/lib/culture";
import { resetEnvForTests } from "../../src/server/config/env";
import { db, openDatabase } from "../../src/server/db/client";
import { isConnectionError } from "../../src/server/db/errors";
import { apiClient, tokenCaller } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { cuttableProxy } from "../support/tcp-proxy";

const base = process.env.TEST_POSTGRES_URL;

/**
 * What a PostgreSQL restart, a failover or an idle timeout does to the server's connections: they are
 * terminated, idle or in the middle of a query. Only this file's own connections are terminated.
 */
describe.skipIf(!base)("terminated PostgreSQL connections", () => {
  let database: TestDatabase;
  let admin: ReturnType<typeof openDatabase>;
  let productId: number;
  let variantId: number;

  const terminateOurs = async () =>
    (
      await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where application_name = ${database.applicationName} and pid <> pg_backend_pid()`.execute(admin.db)
    ).rows[0]?.n ?? 0;
  const readVariants = () => apiClient().call("GET", `/catalog/products/${productId}/productvariants?culture=fr`);

  beforeAll(async () => {
    database = await createTestDatabase("postgres", { products: 6 });
    admin = openDatabase(base as string);
    const variant = await db()
      .selectFrom("product_variants")
      .select(["id", "product_id"])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    productId = variant.product_id;
    variantId = variant.id;
  });
  afterAll(async () => {
    await admin.db.destroy();
    await database.close();
  });

  it("keeps answering after its idle connections were terminated", async () => {
    const warm = await Promise.all(Array.from({ length: 6 }, readVariants));
    expect(warm.map((r) => r.status)).toEqual(warm.map(() => 200));
    expect(await terminateOurs()).toBeGreaterThan(0);
    // The pool hears of it as events; without a listener one of them ended the process.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await Promise.all(Array.from({ length: 6 }, readVariants));
    expect(after.map((r) => r.status)).toEqual(after.map(() => 200));
  });

  it("answers reads that were running when their connections were terminated", async () => {
    for (let round = 0; round < 5; round++) {
      const reads = Array.from({ length: 12 }, readVariants);
      await new Promise((resolve) => setTimeout(resolve, 3 + round * 2));
      await terminateOurs();
      const statuses = (await Promise.all(reads)).map((r) => r.status);
      expect(statuses, `round ${round}`).toEqual(statuses.map(() => 200));
    }
  });

  it("answers a write caught by the termination with 503 and Retry-After, never 500, and takes the next one", async () => {
    const client = apiClient();
    const writes = Array.from({ length: 10 }, () =>
      client.call("POST", "/catalog/products/addtocart?culture=fr", { ProductVariantId: variantId, Quantity: 1 }),
    );
    await new Promise((resolve) => setTimeout(resolve, 2));
    await terminateOurs();
    const responses = await Promise.all(writes);
    for (const response of responses) {
      expect([200, 409, 503]).toContain(response.status);
      if (response.status === 503) {
        expect(response.headers.get("retry-after")).toBe("1");
        expect((await response.json()).Code).toBe("ServiceUnavailable");
      }
    }
    const next = await client.call("POST", "/catalog/products/addtocart?culture=fr", {
      ProductVariantId: variantId,
      Quantity: 1,
    });
    expect([200, 409]).toContain(next.status);
  });

  it("leaves a back office's product writes caught by the termination whole or undone, never half written", async () => {
    const call = tokenCaller((await createApiToken("erp-outage", ["catalog:write"], "test")).token);
    await call("PUT", "/admin/catalog/warehouses/OUT", { Name: "Outage", City: "Gent" });
    const body = (n: number) => ({
      Names: { fr: `Produit panne ${n}` },
      Published: true,
      Variants: ["S", "M", "L"].map((size, i) => ({ Sku: `OUT-${n}-${size}`, Price: 1000 + i, Stock: { OUT: i + 1 } })),
    });
    const keys = Array.from({ length: 8 }, (_, n) => n);
    const writes = keys.map((n) => call("PUT", `/admin/catalog/products/OUT-${n}`, body(n)));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await terminateOurs();
    const statuses = (await Promise.all(writes)).map((r) => r.status);
    for (const status of statuses) expect([200, 503]).toContain(status);
    // The back office sends again what was not confirmed; then every product is whole, once.
    for (const n of keys)
      if (statuses[n] !== 200)
        expect((await call("PUT", `/admin/catalog/products/OUT-${n}`, body(n))).status).toBe(200);
    const rows = await db()
      .selectFrom("products as p")
      .innerJoin("product_variants as v", "v.product_id", "p.id")
      .innerJoin("stock as s", "s.variant_id", "v.id")
      .select(["p.product_key", "v.sku", "s.quantity"])
      .where("p.product_key", "like", "OUT-%")
      .execute();
    expect(rows).toHaveLength(keys.length * 3);
    for (const n of keys)
      expect(
        rows
          .filter((r) => r.product_key === `OUT-${n}`)
          .map((r) => [r.sku, r.quantity])
          .sort(),
      ).toEqual([
        [`OUT-${n}-L`, 3],
        [`OUT-${n}-M`, 2],
        [`OUT-${n}-S`, 1],
      ]);
  });

  it("leaves shipping methods and coupons written at the termination whole or undone", async () => {
    const call = tokenCaller(
      (await createApiToken("erp-outage-shipping", ["catalog:write", "catalog:read"], "test")).token,
    );
    const method = (n: number) => ({
      Names: { fr: `Livraison panne ${n}`, nl: `Levering storing ${n}` },
      Rates: { BE: { Amount: 400 + n, FreeFrom: 5000 }, NL: { Amount: 500 + n }, FR: { Amount: 600 + n } },
    });
    const coupon = (n: number) => ({ Percent: 5 + n, MinimumTotal: 1000, MaxUses: 10 });
    const keys = Array.from({ length: 6 }, (_, n) => n);
    const send = (n: number) =>
      n % 2 === 0
        ? call("PUT", `/admin/shipping/methods/outage-${n}`, method(n))
        : call("PUT", `/admin/coupons/OUTAGE-${n}`, coupon(n));
    const writes = keys.map(send);
    await new Promise((resolve) => setTimeout(resolve, 4));
    await terminateOurs();
    const statuses = (await Promise.all(writes)).map((r) => r.status);
    for (const status of statuses) expect([200, 503]).toContain(status);
    for (const n of keys) if (statuses[n] !== 200) expect((await send(n)).status).toBe(200);
    const methods = await db()
      .selectFrom("shipping_methods as m")
      .where("m.code", "like", "outage-%")
      .select((eb) => [
        "m.code",
        eb
          .selectFrom("shipping_rates as r")
          .whereRef("r.method_id", "=", "m.id")
          .select(eb.fn.countAll<number>().as("n"))
          .as("rates"),
        eb
          .selectFrom("shipping_method_translations as t")
          .whereRef("t.method_id", "=", "m.id")
          .select(eb.fn.countAll<number>().as("n"))
          .as("names"),
      ])
      .orderBy("m.code")
      .execute();
    // Whole: a price in each of its three countries, a name in each culture (French where none was given).
    expect(methods.map((m) => [m.code, Number(m.rates), Number(m.names)])).toEqual([
      ["outage-0", 3, CULTURES.length],
      ["outage-2", 3, CULTURES.length],
      ["outage-4", 3, CULTURES.length],
    ]);
    const coupons = await call("GET", "/admin/coupons");
    const { Coupons } = (await coupons.json()) as { Coupons: { Code: string; Percent: number }[] };
    const made = Coupons.filter((c) => c.Code.startsWith("OUTAGE-"));
    expect(made.map((c) => [c.Code, c.Percent]).sort()).toEqual([
      ["OUTAGE-1", 6],
      ["OUTAGE-3", 8],
      ["OUTAGE-5", 10],
    ]);
  });

  it("gives up on a database host that answers nothing within the connect timeout, as a connection error", async () => {
    process.env.DATABASE_CONNECT_TIMEOUT_MS = "600";
    resetEnvForTests();
    const target = new URL(base as string);
    const proxy = await cuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(database.url);
    url.port = String(proxy.port);
    const silent = openDatabase(url.toString());
    try {
      expect(Number((await sql<{ one: number }>`select 1 as one`.execute(silent.db)).rows[0]?.one)).toBe(1);
      proxy.stall();
      // A read is tried once more on a new connection: two timeouts at most, not the system's two minutes.
      const started = Date.now();
      const error = await sql`select 1`.execute(silent.db).catch((caught: unknown) => caught);
      expect(isConnectionError(error), String(error)).toBe(true);
      expect(Date.now() - started).toBeLessThan(4000);
      // So is a wait for one of the pool's connections while all of them hang.
      const waits = await Promise.all(
        Array.from({ length: 12 }, () => sql`select 1`.execute(silent.db).catch((caught: unknown) => caught)),
      );
      for (const wait of waits) expect(isConnectionError(wait), String(wait)).toBe(true);
      await proxy.restore();
      expect(Number((await sql<{ one: number }>`select 1 as one`.execute(silent.db)).rows[0]?.one)).toBe(1);
    } finally {
      delete process.env.DATABASE_CONNECT_TIMEOUT_MS;
      resetEnvForTests();
      await silent.db.destroy();
      await proxy.cut();
    }
  });
});
