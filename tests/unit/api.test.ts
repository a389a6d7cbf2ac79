import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "../../src/server/config/env";
import { db } from "../../src/server/db/client";
import { apiClient } from "../support/api";
import { giveSessionCart } from "../support/cart";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/db";

/** The statuses of `count` sign-ins to distinct unknown addresses from one client. */
async function failedSignIns(client: ReturnType<typeof apiClient>, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    statuses.push(
      (await client.call("POST", "/security/login", { Email: `user${i}@vitrine.test`, Password: "x" })).status,
    );
  }
  return statuses;
}

describe.each(DIALECTS)("API on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 24 });
  });
  afterAll(async () => {
    await database.close();
  });

  describe("errors", () => {
    it("answers unknown paths with the error shape in the request's culture", async () => {
      const response = await apiClient().call("GET", "/nothing-here", undefined, { "X-Culture": "de" });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ Code: "NotFound", Message: "Nicht gefunden.", Errors: {} });
    });
    it("refuses a state change without our Origin", async () => {
      const client = apiClient();
      for (const origin of ["https://evil.example", ""]) {
        const response = await client.call(
          "POST",
          "/security/logout",
          undefined,
          origin ? { Origin: origin } : { Origin: "null" },
        );
        expect(response.status).toBe(403);
        expect((await response.json()).Code).toBe("CrossOrigin");
      }
    });
    it("accepts the address the server prints: every loopback name of its port while SITE_URL is unset", async () => {
      const client = apiClient();
      for (const origin of ["http://127.0.0.1:4321", "http://localhost:4321", "http://[::1]:4321"]) {
        expect((await client.call("POST", "/security/logout", undefined, { Origin: origin })).status).toBe(200);
      }
      for (const origin of ["http://127.0.0.1:4322", "http://127.0.0.2:4321"]) {
        expect((await client.call("POST", "/security/logout", undefined, { Origin: origin })).status).toBe(403);
      }
    });
    it("accepts only JSON bodies, well formed and small", async () => {
      const client = apiClient();
      const text = await client.call("POST", "/security/login", "Email=a", {
        "Content-Type": "application/x-www-form-urlencoded",
      });
      expect(text.status).toBe(415);
      const broken = await client.call("POST", "/security/login", "{ not json");
      expect(broken.status).toBe(400);
      expect((await broken.json()).Code).toBe("InvalidJson");
      const huge = await client.call(
        "POST",
        "/security/login",
        JSON.stringify({ Email: "a@b.c", Password: "x".repeat(70_000) }),
      );
      expect(huge.status).toBe(413);
      expect((await huge.json()).Code).toBe("PayloadTooLarge");
    });
    it("names the invalid fields", async () => {
      const response = await apiClient().call("POST", "/security/login?culture=nl", { Email: "not-an-address" });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.Code).toBe("ValidationFailed");
      expect(body.Errors.Email).toEqual(["Ongeldige waarde."]);
      expect(body.Errors.Password).toEqual(["Dit veld is verplicht."]);
    });
  });

  describe("localization", () => {
    it("serves the nested map with ETag and caching, 304 when unchanged", async () => {
      const client = apiClient();
      const response = await client.call("GET", "/localization/it/stringresources");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toContain("max-age=");
      const etag = response.headers.get("etag") as string;
      expect(etag).toMatch(/^".+"$/);
      const body = await response.json();
      expect(body.Manager.UnknowsErrors).toBe("Si è verificato un errore imprevisto. Riprova.");
      const again = await client.call("GET", "/localization/it/stringresources", undefined, { "If-None-Match": etag });
      expect(again.status).toBe(304);
    });
    it("answers an unknown culture with 404", async () => {
      const response = await apiClient().call("GET", "/localization/en/stringresources");
      expect(response.status).toBe(404);
      expect((await response.json()).Code).toBe("NotFound");
    });
  });

  describe("cart summary", () => {
    it("is an empty cart without a session, and sets no cookie", async () => {
      const response = await apiClient().call("GET", "/shoppingcarts?culture=fr");
      expect(await response.json()).toEqual({
        ItemsCount: 0,
        AmountTaxInclHtml: "0,00\u00a0€",
        AmountTaxExclHtml: "0,00\u00a0€",
      });
      expect(response.headers.get("set-cookie")).toBeNull();
    });

    it("counts the session cart's lines with tiered prices and the home country's VAT", async () => {
      const client = apiClient();
      const login = await client.call("POST", "/security/login", {
        Email: "lucia@vitrine.test",
        Password: "Vitrine-demo-3",
      });
      expect(login.status).toBe(200);
      const sid = decodeURIComponent(client.cookie.split("=")[1] as string);
      const tiered = await db()
        .selectFrom("prices")
        .select(["variant_id"])
        .where("min_quantity", ">", 1)
        .orderBy("variant_id")
        .executeTakeFirstOrThrow();
      const prices = await db()
        .selectFrom("prices")
        .selectAll()
        .where("variant_id", "=", tiered.variant_id)
        .orderBy("min_quantity")
        .execute();
      const quantity = (prices[1]?.min_quantity as number) + 1;
      await giveSessionCart(sid, tiered.variant_id, quantity);
      const body = await (await client.call("GET", "/shoppingcarts?culture=de")).json();
      const unit = prices[1]?.amount_tax_excl as number;
      const excl = unit * quantity;
      // The line tax included is the unit price tax included times the quantity (lib/money lineTaxIncl).
      const incl = (unit + Math.round((unit * 2100) / 10000)) * quantity;
      const euro = (cents: number) =>
        new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(cents / 100);
      expect(body).toEqual({ ItemsCount: quantity, AmountTaxExclHtml: euro(excl), AmountTaxInclHtml: euro(incl) });
    });
  });

  describe("sign-in", () => {
    it("signs in on a new HttpOnly, SameSite=Lax session and signs out", async () => {
      const client = apiClient("198.51.100.1");
      const me = await client.call("GET", "/security/me");
      expect(me.status).toBe(401);
      expect((await me.json()).Code).toBe("Unauthorized");

      const login = await client.call("POST", "/security/login", {
        Email: " Marie@Vitrine.test ",
        Password: "Vitrine-demo-1",
        ReturnUrl: "https://evil.example/steal",
      });
      expect(login.status).toBe(200);
      const body = await login.json();
      expect(body.ReturnUrl).toBe("/fr/");
      expect(body.Customer.Email).toBe("marie@vitrine.test");
      const setCookie = login.headers.get("set-cookie") as string;
      expect(setCookie).toMatch(/vitrine_sid=[A-Za-z0-9_-]{43}/);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      const firstId = client.cookie;

      expect((await client.call("GET", "/security/me")).status).toBe(200);
      // Signing in again rotates the id: the old one no longer works.
      await client.call("POST", "/security/login", { Email: "marie@vitrine.test", Password: "Vitrine-demo-1" });
      expect(client.cookie).not.toBe(firstId);
      const stale = apiClient();
      stale.cookie = firstId;
      expect((await stale.call("GET", "/security/me")).status).toBe(401);

      expect((await client.call("POST", "/security/logout")).status).toBe(200);
      expect((await client.call("GET", "/security/me")).status).toBe(401);
    });

    it("answers a wrong password and an unknown address alike", async () => {
      const client = apiClient("198.51.100.2");
      const wrong = await client.call("POST", "/security/login", { Email: "marie@vitrine.test", Password: "nope" });
      const unknown = await client.call("POST", "/security/login", { Email: "nobody@vitrine.test", Password: "nope" });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(await wrong.json()).toEqual(await unknown.json());
    });

    it("limits failures per address and IP without locking the shopper out elsewhere", async () => {
      const attacker = apiClient("198.51.100.66");
      for (let i = 0; i < 5; i++) {
        expect(
          (await attacker.call("POST", "/security/login", { Email: "jan@vitrine.test", Password: `guess-${i}` }))
            .status,
        ).toBe(401);
      }
      const blocked = await attacker.call("POST", "/security/login?culture=fr", {
        Email: "jan@vitrine.test",
        Password: "Vitrine-demo-2",
      });
      expect(blocked.status).toBe(429);
      expect((await blocked.json()).Message).toMatch(/Trop de tentatives/);
      const shopper = apiClient("192.0.2.10");
      expect(
        (await shopper.call("POST", "/security/login", { Email: "jan@vitrine.test", Password: "Vitrine-demo-2" }))
          .status,
      ).toBe(200);
    });

    it("limits all attempts per IP, 30 in 15 minutes by default", async () => {
      const client = apiClient("198.51.100.99");
      const statuses = await failedSignIns(client, 31);
      expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    });

    it("takes the per-IP limit from SIGN_IN_ATTEMPTS_PER_IP (many shoppers behind one address)", async () => {
      process.env.SIGN_IN_ATTEMPTS_PER_IP = "8";
      resetEnvForTests();
      try {
        const client = apiClient("198.51.100.98");
        const statuses = await failedSignIns(client, 9);
        expect(statuses.slice(0, 8).every((status) => status === 401)).toBe(true);
        expect(statuses[8]).toBe(429);
      } finally {
        delete process.env.SIGN_IN_ATTEMPTS_PER_IP;
        resetEnvForTests();
      }
    });

    it("moves the anonymous cart to the customer on sign-in", async () => {
      const client = apiClient("198.51.100.3");
      // An anonymous session with a cart line.
      const { ensureSession, loadSession } = await import("../../src/server/session/session");
      const session = await loadSession(undefined);
      const sid = await ensureSession(session);
      client.cookie = `vitrine_sid=${sid}`;
      const cartId = await giveSessionCart(sid, 1, 2);
      expect((await (await client.call("GET", "/shoppingcarts")).json()).ItemsCount).toBe(2);
      await client.call("POST", "/security/login", { Email: "staff@vitrine.test", Password: "Vitrine-staff-1" });
      expect((await (await client.call("GET", "/shoppingcarts")).json()).ItemsCount).toBe(2);
      const row = await db()
        .selectFrom("carts")
        .select("customer_id")
        .where("id", "=", cartId)
        .executeTakeFirstOrThrow();
      expect(row.customer_id).not.toBeNull();
    });
  });

  describe("documents", () => {
    it("lists every route in the OpenAPI document", async () => {
      const doc = await (await apiClient().call("GET", "/openapi.json")).json();
      expect(doc.openapi).toBe("3.1.0");
      for (const path of [
        "/api/v1/shoppingcarts",
        "/api/v1/localization/{culture}/stringresources",
        "/api/v1/security/login",
        "/api/v1/islands",
      ]) {
        expect(Object.keys(doc.paths)).toContain(path);
      }
    });
    it("lists the island registry with JSON Schema props", async () => {
      const islands = await (await apiClient().call("GET", "/islands")).json();
      const miniCart = islands.find((i: { Name: string }) => i.Name === "mini-cart");
      expect(miniCart.Props.type).toBe("object");
      expect(miniCart.Props.properties.summary).toBeDefined();
      expect(miniCart.Fixtures).toContain("empty");
    });
  });
});

describe.each(DIALECTS)("proof of consent on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database.close();
  });

  it("records each decision with its stamp, choices, culture, time and an anonymous id", async () => {
    const { db } = await import("../../src/server/db/client");
    const { env } = await import("../../src/server/config/env");
    const response = await apiClient().call("POST", "/consent?culture=nl", {
      Stamp: env().CONSENT_STAMP,
      Preferences: true,
      Statistics: false,
      Marketing: true,
    });
    expect(response.status).toBe(200);
    const { ConsentId } = await response.json();
    const row = await db()
      .selectFrom("consent_records")
      .selectAll()
      .where("anonymous_id", "=", ConsentId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      stamp: env().CONSENT_STAMP,
      preferences: 1,
      statistics: 0,
      marketing: 1,
      culture: "nl",
    });
    expect(Date.now() - Date.parse(row.created_at)).toBeLessThan(60_000);
  });

  it("refuses a decision about texts no longer shown", async () => {
    const response = await apiClient().call("POST", "/consent", {
      Stamp: "1999-01-01",
      Preferences: true,
      Statistics: true,
      Marketing: true,
    });
    expect(response.status).toBe(422);
    expect((await response.json()).Code).toBe("ConsentStampOutdated");
  });
});
