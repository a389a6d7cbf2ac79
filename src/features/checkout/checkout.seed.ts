import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import type { Culture } from "~/lib/culture";
import type { DbHandle } from "~/server/db/client";
import type { Translated } from "~/server/db/seed/catalog-data";
import { insertMany } from "~/server/db/seed/seeder";

/** Shipping methods: home delivery priced per country, a relay-point network, pickup in our shops. */
const METHODS: { id: number; code: string; kind: string; carrier: string | null; name: Translated }[] = [
  {
    id: 1,
    code: "home",
    kind: "home",
    carrier: null,
    name: {
      fr: "Livraison à domicile",
      nl: "Levering aan huis",
      es: "Entrega a domicilio",
      de: "Lieferung nach Hause",
      it: "Consegna a domicilio",
      pt: "Entrega ao domicílio",
    },
  },
  {
    id: 2,
    code: "relay",
    kind: "pickup",
    carrier: "demo",
    name: {
      fr: "Point relais",
      nl: "Afhaalpunt",
      es: "Punto de recogida",
      de: "Paketshop",
      it: "Punto di ritiro",
      pt: "Ponto de recolha",
    },
  },
  {
    id: 3,
    code: "shop",
    kind: "store",
    carrier: "static",
    name: {
      fr: "Retrait en magasin",
      nl: "Afhalen in de winkel",
      es: "Recogida en tienda",
      de: "Abholung im Geschäft",
      it: "Ritiro in negozio",
      pt: "Levantamento na loja",
    },
  },
];

/** Home delivery price per country, tax excluded, and the free-from threshold tax included. */
const HOME_RATES: Record<string, [number, number | null]> = {
  BE: [495, 7500],
  NL: [595, 7500],
  LU: [595, 10000],
  FR: [795, 10000],
  DE: [795, 10000],
  ES: [995, null],
  IT: [995, null],
  PT: [995, null],
  CH: [1495, null],
};

/** Our own shops, where the static carrier's pickup points are. */
const SHOPS = [
  ["Vitrine Bruxelles", "Rue Neuve 45", "1000", "Bruxelles", "BE", 50.8523, 4.3553, "+32 2 555 01 01"],
  ["Vitrine Antwerpen", "Meir 78", "2000", "Antwerpen", "BE", 51.2177, 4.4093, "+32 3 555 02 02"],
  ["Vitrine Gent", "Veldstraat 12", "9000", "Gent", "BE", 51.0517, 3.7223, "+32 9 555 03 03"],
  ["Vitrine Liège", "Rue Saint-Gilles 30", "4000", "Liège", "BE", 50.6405, 5.5658, "+32 4 555 04 04"],
  ["Vitrine Rotterdam", "Lijnbaan 90", "3012", "Rotterdam", "NL", 51.9201, 4.4747, "+31 10 555 0505"],
  ["Vitrine Amsterdam", "Kalverstraat 120", "1012", "Amsterdam", "NL", 52.3697, 4.8918, "+31 20 555 0606"],
  ["Vitrine Utrecht", "Oudegracht 150", "3511", "Utrecht", "NL", 52.0894, 5.1197, "+31 30 555 0707"],
] as const;

/** Language-neutral opening hours (ISO weekdays), shown in the shopper's language by formatOpeningHours. */
const SHOP_HOURS = "1-5 10:00-18:30;6 10:00-18:00;7 closed";

function geoFile(name: string): { zipcode: string; name: string; latitude: string; longitude: string }[] {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const dir of [join(here, "geo"), join(process.cwd(), "src/server/db/seed/geo")]) {
    try {
      return JSON.parse(readFileSync(join(dir, name), "utf8"));
    } catch {}
  }
  throw new Error(`seed data ${name} not found`);
}

/**
 * Postal codes and their cities (GeoNames, Belgium and the Netherlands): reference data every shop
 * starts with, demo or not (the address forms complete the city from them).
 */
export async function seedPostalCodes(handle: DbHandle): Promise<void> {
  const countries = await handle.db.selectFrom("countries").select(["id", "code"]).execute();
  const countryId = (code: string) => countries.find((c) => c.code === code)?.id as number;
  const cities: Record<string, unknown>[] = [];
  for (const [file, code] of [
    ["postcodes-be.json", "BE"],
    ["postcodes-nl.json", "NL"],
  ] as const) {
    for (const row of geoFile(file)) {
      if (!row.zipcode || !row.name) continue;
      cities.push({
        country_id: countryId(code),
        postal_code: row.zipcode,
        name: row.name,
        latitude: row.latitude ? Number(row.latitude) : null,
        longitude: row.longitude ? Number(row.longitude) : null,
      });
    }
  }
  await insertMany(handle, "cities", cities);
}

/**
 * The demo shop's shipping methods and prices, our shops as pickup points, coupons, and the demo
 * customers' addresses. Runs with the demo seed, and on its own when an older demo database lacks them.
 */
export async function seedCheckout(handle: DbHandle, now: Date): Promise<void> {
  const db = handle.db;
  const countries = await db.selectFrom("countries").select(["id", "code"]).execute();
  const countryId = (code: string) => countries.find((c) => c.code === code)?.id as number;

  await insertMany(
    handle,
    "shipping_methods",
    METHODS.map((m, i) => ({ id: m.id, code: m.code, kind: m.kind, carrier: m.carrier, position: i, is_active: 1 })),
  );
  await insertMany(
    handle,
    "shipping_method_translations",
    METHODS.flatMap((m) =>
      Object.entries(m.name).map(([culture, name]) => ({ method_id: m.id, culture: culture as Culture, name })),
    ),
  );
  const rates: Record<string, unknown>[] = [];
  for (const c of countries) {
    const home = HOME_RATES[c.code];
    // Business days in transit: the Benelux next day or two, further away up to five.
    const near = c.code === "BE" || c.code === "NL" || c.code === "LU";
    if (home)
      rates.push({
        method_id: 1,
        country_id: c.id,
        amount_tax_excl: home[0],
        free_from_tax_incl: home[1],
        transit_days_min: near ? 1 : 2,
        transit_days_max: near ? 2 : 5,
      });
    if (c.code === "BE" || c.code === "NL") {
      rates.push({
        method_id: 2,
        country_id: c.id,
        amount_tax_excl: 330,
        free_from_tax_incl: 5000,
        transit_days_min: 2,
        transit_days_max: 3,
      });
      rates.push({ method_id: 3, country_id: c.id, amount_tax_excl: 0, free_from_tax_incl: null });
    }
  }
  await insertMany(handle, "shipping_rates", rates);

  await insertMany(
    handle,
    "pickup_points",
    SHOPS.map(([name, street, postal, city, code, lat, lon, phone], index) => ({
      code: `shop-${index + 1}`,
      name,
      street,
      postal_code: postal,
      city,
      country_id: countryId(code),
      phone,
      latitude: lat,
      longitude: lon,
      hours: SHOP_HOURS,
      is_active: 1,
    })),
  );

  const customers = await db.selectFrom("customers").select(["id", "email", "first_name", "last_name"]).execute();
  const marie = customers.find((c) => c.email === "marie@vitrine.test");
  const jan = customers.find((c) => c.email === "jan@vitrine.test");
  const year = now.getUTCFullYear();
  await insertMany(handle, "coupons", [
    coupon("BIENVENUE10", "percent", 1000, {}),
    coupon("CINQ", "amount", 500, { min_amount_tax_incl: 5000 }),
    coupon("HIVER2025", "percent", 2000, { valid_to: `${year - 1}-03-01T00:00:00.000Z` }),
    coupon("FUTUR", "percent", 1500, { valid_from: `${year + 5}-01-01T00:00:00.000Z` }),
    coupon("UNEFOIS", "percent", 500, { max_uses_per_customer: 1 }),
    coupon("PREMIERS100", "amount", 1000, { max_uses: 100 }),
    coupon("MARQUE15", "percent", 1500, { brand_id: 1 }),
    ...(marie ? [coupon("MARIE-MERCI", "percent", 2000, { customer_id: marie.id })] : []),
  ]);

  const addresses: Record<string, unknown>[] = [];
  if (marie)
    addresses.push(
      address(marie, countryId("BE"), "Both", "Rue de la Loi 16", "1000", "Bruxelles", now),
      address(marie, countryId("FR"), "Shipping", "12 rue Nationale", "59000", "Lille", now),
    );
  if (jan) addresses.push(address(jan, countryId("NL"), "Both", "Coolsingel 40", "3011", "Rotterdam", now));
  await insertMany(handle, "addresses", addresses);

  if (handle.dialect === "postgres") {
    for (const table of ["cities", "pickup_points", "coupons", "addresses"]) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
        db,
      );
    }
  }
}

function coupon(code: string, kind: string, value: number, extra: Record<string, unknown>) {
  return {
    code,
    kind,
    value,
    min_amount_tax_incl: 0,
    valid_from: null,
    valid_to: null,
    max_uses: null,
    max_uses_per_customer: null,
    category_id: null,
    brand_id: null,
    customer_id: null,
    is_active: 1,
    ...extra,
  };
}

function address(
  customer: { id: number; first_name: string; last_name: string },
  countryId: number,
  type: string,
  street: string,
  postal: string,
  city: string,
  now: Date,
) {
  return {
    customer_id: customer.id,
    address_type: type,
    first_name: customer.first_name,
    last_name: customer.last_name,
    company: null,
    street1: street,
    street2: null,
    postal_code: postal,
    city,
    country_id: countryId,
    phone: null,
    created_at: now.toISOString(),
  };
}

export async function lacksCheckoutData(handle: DbHandle): Promise<boolean> {
  const row = await handle.db
    .selectFrom("shipping_methods")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}
