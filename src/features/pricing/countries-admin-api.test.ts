import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vatRate } from "~/features/catalog/catalog.repository";
import { db } from "~/server/db/client";
import { apiClient, tokenCaller } from "../../../tests/support/api";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { signedInOwner } from "../../../tests/support/staff";
import { DEMO_API_TOKEN } from "../integration/integration.seed";
import { countriesWithoutShipping, shippingCountries } from "./pricing.server";

type Country = { Code: string; Eu: boolean; Selling: boolean; Rates: Record<string, number>; Created?: boolean };

describe.each(DIALECTS)("the shop's countries and VAT rates on %s (issue 72)", (dialect) => {
  let database: TestDatabase;
  let owner: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 4 });
    owner = await signedInOwner("203.0.113.95");
  });
  afterAll(async () => {
    await database?.close();
  });

  it("adds any European country with its rates by class; it is sold to at once, and needs a shipping method", async () => {
    const before = (await (await owner.call("GET", "/admin/countries")).json()) as {
      Countries: Country[];
      Available: string[];
    };
    expect(before.Countries.map((c) => c.Code)).toEqual(["BE", "NL", "LU", "FR", "DE", "ES", "IT", "PT", "CH"]);
    expect(before.Available).toContain("AT");
    expect(before.Available).not.toContain("BE");
    expect(before.Available).toHaveLength(31 - 9);
    const added = await owner.call("PUT", "/admin/countries/at", {});
    expect(added.status).toBe(200);
    expect((await added.json()) as Country).toEqual({
      Code: "AT",
      Eu: true,
      Selling: true,
      Rates: { standard: 2000, reduced: 1000, "super-reduced": 1000, zero: 0 },
      Created: true,
    });
    expect((await shippingCountries()).map((c) => c.code)).toContain("AT");
    expect(await countriesWithoutShipping(db())).toContain("AT");
    expect(await vatRate("AT", "reduced")).toBe(1000);
    // Switzerland is an export: no VAT charged.
    const swiss = (
      (await (await owner.call("GET", "/admin/countries")).json()) as { Countries: Country[] }
    ).Countries.find((c) => c.Code === "CH");
    expect(swiss?.Rates.standard).toBe(0);
    const audit = await db().selectFrom("audit_log").select("action").where("target", "=", "country:AT").execute();
    expect(audit).toEqual([{ action: "country.create" }]);
  });

  it("changes a rate and stops selling somewhere; prices follow at once", async () => {
    expect(await vatRate("LU", "standard")).toBe(1700);
    const changed = await owner.call("PUT", "/admin/countries/LU", { Rates: { standard: 1600, "super-reduced": 300 } });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as Country).Rates).toMatchObject({
      standard: 1600,
      "super-reduced": 300,
      reduced: 800,
    });
    expect(await vatRate("LU", "standard")).toBe(1600);
    await owner.call("PUT", "/admin/countries/LU", { Rates: { standard: 1700 } });
    expect((await owner.call("PUT", "/admin/countries/PT", { Selling: false })).status).toBe(200);
    expect((await shippingCountries()).map((c) => c.code)).not.toContain("PT");
    await owner.call("PUT", "/admin/countries/PT", { Selling: true });
  });

  it("refuses a country outside Europe, a rate over 100 %, an unknown class, and anyone but the catalogue's", async () => {
    expect((await owner.call("PUT", "/admin/countries/US", {})).status).toBe(404);
    expect((await owner.call("PUT", "/admin/countries/FR", { Rates: { standard: 20_000 } })).status).toBe(400);
    expect((await owner.call("PUT", "/admin/countries/FR", { Rates: { luxury: 3000 } })).status).toBe(400);
    const assistant = apiClient("203.0.113.96");
    await assistant.call("POST", "/security/login", { Email: "staff@vitrine.test", Password: "Vitrine-staff-1" });
    expect((await assistant.call("GET", "/admin/countries")).status).toBe(200);
    expect((await assistant.call("PUT", "/admin/countries/SE", {})).status).toBe(403);
    expect(await vatRate("FR", "standard")).toBe(2000);
  });

  it("adds two countries at once without a clash, and an ERP's token may too", async () => {
    const erp = tokenCaller(DEMO_API_TOKEN);
    const [se, pl] = await Promise.all([
      owner.call("PUT", "/admin/countries/SE", {}),
      erp("PUT", "/admin/countries/PL", {}),
    ]);
    expect([se.status, pl.status]).toEqual([200, 200]);
    const ids = await db().selectFrom("countries").select(["id", "code"]).where("code", "in", ["SE", "PL"]).execute();
    expect(new Set(ids.map((r) => r.id)).size).toBe(2);
  });
});

describe("the European VAT reference", () => {
  it("has the demo's nine countries at the rates they are seeded with, and every class in each country", async () => {
    const { COUNTRIES } = await import("~/server/db/seed/catalog-data");
    const { EUROPEAN_COUNTRIES, VAT_CLASSES } = await import("./european-vat");
    for (const seeded of COUNTRIES) {
      const reference = EUROPEAN_COUNTRIES.find((c) => c.code === seeded.code);
      expect(reference, seeded.code).toBeDefined();
      expect([reference?.rates.standard, reference?.rates.reduced], seeded.code).toEqual([
        seeded.standard,
        seeded.reduced,
      ]);
    }
    expect(EUROPEAN_COUNTRIES).toHaveLength(31);
    for (const country of EUROPEAN_COUNTRIES) {
      expect(Object.keys(country.rates).sort(), country.code).toEqual([...VAT_CLASSES].sort());
      expect(country.rates["super-reduced"]).toBeLessThanOrEqual(country.rates.reduced);
      expect(country.rates.reduced).toBeLessThanOrEqual(country.rates.standard);
    }
  });
});

describe.each(DIALECTS)("migration 036 on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 2 });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("gives a shop's countries the super-reduced class at their reduced rate and the zero class, once", async () => {
    const { m036_vat_classes } = await import("~/server/db/migrations/036_vat_classes");
    await db().deleteFrom("vat_rates").where("vat_class", "in", ["super-reduced", "zero"]).execute();
    await m036_vat_classes(db() as never);
    await m036_vat_classes(db() as never);
    const rows = await db()
      .selectFrom("vat_rates as r")
      .innerJoin("countries as c", "c.id", "r.country_id")
      .select(["c.code", "r.vat_class", "r.rate_basis_points"])
      .where("c.code", "=", "FR")
      .orderBy("r.vat_class")
      .execute();
    expect(rows.map((r) => [r.vat_class, r.rate_basis_points])).toEqual([
      ["reduced", 550],
      ["standard", 2000],
      ["super-reduced", 550],
      ["zero", 0],
    ]);
  });
});
