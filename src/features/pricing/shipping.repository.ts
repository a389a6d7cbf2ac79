import { sql } from "kysely";
import type { Culture } from "~/lib/culture";
import { memoizePublic } from "~/server/cache";
import { database, db, type Executor } from "~/server/db/client";

export interface CountryRow {
  id: number;
  code: string;
  isEu: boolean;
}

/** Countries we ship to, in the shop's order (reference data, cached a minute). */
/** The countries sold to, kept while the public version holds: a country added or stopped shows at once. */
export const shippingCountries = memoizePublic(async (): Promise<CountryRow[]> => {
  const rows = await db()
    .selectFrom("countries")
    .select(["id", "code", "is_eu"])
    .where("is_shipping_enabled", "=", 1)
    .orderBy("position")
    .execute();
  return rows.map((r) => ({ id: r.id, code: r.code, isEu: r.is_eu === 1 }));
});

/** Countries are reference data cached per process: the executor is not used. */
export async function countryById(_ex: Executor, id: number): Promise<CountryRow | undefined> {
  return (await shippingCountries()).find((c) => c.id === id);
}

export async function countryByCode(_ex: Executor, code: string): Promise<CountryRow | undefined> {
  return (await shippingCountries()).find((c) => c.code === code.toUpperCase());
}

export interface ShippingMethodRow {
  id: number;
  code: string;
  kind: "home" | "pickup" | "store";
  carrier: string | null;
  name: string;
  amountTaxExcl: number;
  freeFromTaxIncl: number | null;
  /** Business days in transit there, when the merchant said. */
  transitDays: { min: number; max: number } | null;
}

/** The shipping methods offered in a country, each with its price there. */
export async function shippingMethodsFor(
  ex: Executor,
  countryId: number,
  culture: Culture,
): Promise<ShippingMethodRow[]> {
  const rows = await ex
    .selectFrom("shipping_methods as m")
    .innerJoin("shipping_rates as r", "r.method_id", "m.id")
    .innerJoin("shipping_method_translations as t", (j) =>
      j.onRef("t.method_id", "=", "m.id").on("t.culture", "=", culture),
    )
    .select([
      "m.id",
      "m.code",
      "m.kind",
      "m.carrier",
      "t.name",
      "r.amount_tax_excl",
      "r.free_from_tax_incl",
      "r.transit_days_min",
      "r.transit_days_max",
    ])
    .where("r.country_id", "=", countryId)
    .where("m.is_active", "=", 1)
    .orderBy("m.position")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    kind: r.kind as ShippingMethodRow["kind"],
    carrier: r.carrier,
    name: r.name,
    amountTaxExcl: r.amount_tax_excl,
    freeFromTaxIncl: r.free_from_tax_incl,
    transitDays:
      r.transit_days_min === null || r.transit_days_max === null
        ? null
        : { min: r.transit_days_min, max: r.transit_days_max },
  }));
}

/** The standard VAT rate of a country (shipping is taxed at the standard rate). */
export async function standardVatRate(ex: Executor, countryId: number): Promise<number> {
  const row = await ex
    .selectFrom("vat_rates")
    .select("rate_basis_points")
    .where("country_id", "=", countryId)
    .where("vat_class", "=", "standard")
    .executeTakeFirst();
  return row?.rate_basis_points ?? 0;
}

/** VAT rates of a country by class. */
export async function vatRates(ex: Executor, countryId: number): Promise<Map<string, number>> {
  const rows = await ex
    .selectFrom("vat_rates")
    .select(["vat_class", "rate_basis_points"])
    .where("country_id", "=", countryId)
    .execute();
  return new Map(rows.map((r) => [r.vat_class, r.rate_basis_points]));
}

export interface CityRow {
  id: number;
  postalCode: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * Postal codes and cities of a country starting with the query: digits search postal codes, letters
 * search names (case-insensitive); at most `limit`, postal codes in order.
 */
export async function findCities(ex: Executor, countryId: number, query: string, limit: number): Promise<CityRow[]> {
  const byCode = /^\d/.test(query);
  let q = ex
    .selectFrom("cities")
    .select(["id", "postal_code", "name", "latitude", "longitude"])
    .where("country_id", "=", countryId);
  q = byCode
    ? q.where("postal_code", "like", `${escapeLike(query)}%`)
    : q.where(sql<string>`lower(name)`, "like", `${escapeLike(query.toLowerCase())}%`);
  const rows = await q.orderBy("postal_code").orderBy("name").limit(limit).execute();
  return rows.map((r) => ({
    id: r.id,
    postalCode: r.postal_code,
    name: r.name,
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
  }));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "");
}

/** Where a postal code (or else a city name) of a country lies, from the GeoNames data. */
export async function cityPosition(
  ex: Executor,
  countryId: number,
  place: { postalCode?: string; name?: string },
): Promise<{ lat: number; lon: number } | null> {
  const located = ex
    .selectFrom("cities")
    .select(["latitude", "longitude"])
    .where("country_id", "=", countryId)
    .where("latitude", "is not", null);
  const row =
    (place.postalCode ? await located.where("postal_code", "=", place.postalCode).executeTakeFirst() : undefined) ??
    (place.name
      ? await located.where((eb) => eb.fn("lower", ["name"]), "=", place.name.toLowerCase()).executeTakeFirst()
      : undefined);
  return row?.latitude != null && row.longitude != null
    ? { lat: Number(row.latitude), lon: Number(row.longitude) }
    : null;
}

/** Postal codes of a country inside a box of latitudes and longitudes. */
export function citiesWithin(
  ex: Executor,
  countryId: number,
  box: { minLat: number; maxLat: number; minLon: number; maxLon: number },
) {
  return ex
    .selectFrom("cities")
    .select(["postal_code", "name", "latitude", "longitude", "country_id"])
    .where("country_id", "=", countryId)
    .where("latitude", ">=", box.minLat)
    .where("latitude", "<=", box.maxLat)
    .where("longitude", ">=", box.minLon)
    .where("longitude", "<=", box.maxLon)
    .execute();
}

export async function postalCodeOf(ex: Executor, cityId: number): Promise<string | null> {
  const row = await ex.selectFrom("cities").select("postal_code").where("id", "=", cityId).executeTakeFirst();
  return row?.postal_code ?? null;
}

export function shippingMethodById(ex: Executor, id: number) {
  return ex.selectFrom("shipping_methods").select(["id", "carrier", "kind"]).where("id", "=", id).executeTakeFirst();
}

/** The codes of the countries shipped to where no active method has a price: no order can be placed there. */
export async function countriesWithoutShipping(ex: Executor): Promise<string[]> {
  const rows = await ex
    .selectFrom("countries as c")
    .select("c.code")
    .where("c.is_shipping_enabled", "=", 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("shipping_rates as r")
            .innerJoin("shipping_methods as m", "m.id", "r.method_id")
            .select("r.method_id")
            .whereRef("r.country_id", "=", "c.id")
            .where("m.is_active", "=", 1),
        ),
      ),
    )
    .orderBy("c.position")
    .execute();
  return rows.map((r) => r.code);
}

/** What the shop's active methods offer, by kind: the countries each delivers to (codes, the shop's order). */
export async function shippingReach(ex: Executor): Promise<{ kind: string; countries: string[] }[]> {
  const rows = await ex
    .selectFrom("shipping_methods as m")
    .innerJoin("shipping_rates as r", "r.method_id", "m.id")
    .innerJoin("countries as c", "c.id", "r.country_id")
    .select(["m.kind", "c.code"])
    .distinct()
    .where("m.is_active", "=", 1)
    .where("c.is_shipping_enabled", "=", 1)
    .orderBy("m.kind")
    .orderBy("c.code")
    .execute();
  const kinds = new Map<string, string[]>();
  for (const row of rows) kinds.set(row.kind, [...(kinds.get(row.kind) ?? []), row.code]);
  return [...kinds].map(([kind, countries]) => ({ kind, countries }));
}

/** Every country the shop has (selling or not), with its VAT rates by class, in the shop's order. */
export async function countriesWithRates(ex: Executor) {
  const [countries, rates] = await Promise.all([
    ex
      .selectFrom("countries")
      .select(["id", "code", "is_eu", "is_shipping_enabled", "position"])
      .orderBy("position")
      .execute(),
    ex.selectFrom("vat_rates").select(["country_id", "vat_class", "rate_basis_points"]).execute(),
  ]);
  return countries.map((c) => ({
    ...c,
    rates: Object.fromEntries(
      rates.filter((r) => r.country_id === c.id).map((r) => [r.vat_class, r.rate_basis_points]),
    ),
  }));
}

/** Adds a country the shop does not have yet, after the others, with its rates; answers its id. */
export async function insertCountry(
  ex: Executor,
  input: { code: string; isEu: boolean; selling: boolean; rates: Record<string, number> },
): Promise<number> {
  const last = await ex
    .selectFrom("countries")
    .select((eb) => [eb.fn.max("id").as("id"), eb.fn.max("position").as("position")])
    .executeTakeFirst();
  const id = Number(last?.id ?? 0) + 1;
  await ex
    .insertInto("countries")
    .values({
      id,
      code: input.code,
      is_eu: input.isEu ? 1 : 0,
      is_shipping_enabled: input.selling ? 1 : 0,
      position: Number(last?.position ?? -1) + 1,
    })
    .execute();
  await putVatRates(ex, id, input.rates);
  return id;
}

/** Whether the shop sells to a country (a country is never deleted: addresses and orders name it). */
export async function setCountrySelling(ex: Executor, id: number, selling: boolean): Promise<void> {
  await ex
    .updateTable("countries")
    .set({ is_shipping_enabled: selling ? 1 : 0 })
    .where("id", "=", id)
    .execute();
}

/** A country's VAT rates by class, each written or replaced. */
export async function putVatRates(ex: Executor, countryId: number, rates: Record<string, number>): Promise<void> {
  for (const [vatClass, rate] of Object.entries(rates))
    await ex
      .insertInto("vat_rates")
      .values({ country_id: countryId, vat_class: vatClass, rate_basis_points: rate })
      .onConflict((oc) => oc.columns(["country_id", "vat_class"]).doUpdateSet({ rate_basis_points: rate }))
      .execute();
}

/** PostgreSQL: one change of the shop's countries at a time (two new ones would take the same id). */
export async function lockCountries(trx: Executor): Promise<void> {
  if (database().dialect === "postgres")
    await sql`select pg_advisory_xact_lock(hashtext('vitrine-countries'))`.execute(trx);
}
