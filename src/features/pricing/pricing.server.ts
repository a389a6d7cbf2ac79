import type { Culture } from "~/lib/culture";
import { memoizePublic } from "~/server/cache";
import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { CITY_AUTOCOMPLETE_MIN_LENGTH } from "./pricing.constants";
import { countryByCode, countryById, findCities, shippingMethodsFor, shippingReach } from "./shipping.repository";

/**
 * The pricing feature's face for the rest of the shop: countries shipped to, shipping methods and VAT
 * rates (reference data, cached), and city suggestions. Its repository stays private.
 */
export {
  type CityRow,
  type CountryRow,
  citiesWithin,
  cityPosition,
  countriesWithoutShipping,
  countryByCode,
  countryById,
  findCities,
  postalCodeOf,
  type ShippingMethodRow,
  shippingCountries,
  shippingMethodById,
  shippingMethodsFor,
  standardVatRate,
  vatRates,
} from "./shipping.repository";

const CITY_SUGGESTIONS = 10;

/**
 * The cheapest delivery to a country, for what search engines and feeds are told (a product page's
 * JSON-LD and the product feeds: one rule): a home or carrier pickup-point method; collecting an order
 * at the shop's own points is no delivery. Null: the shop delivers nowhere there.
 */
export async function cheapestDelivery(
  countryCode: string,
  culture: Culture,
): Promise<{ amountTaxExcl: number; transitDays: { min: number; max: number } | null } | null> {
  const country = await countryByCode(db(), countryCode);
  if (!country) return null;
  const delivered = (await shippingMethodsFor(db(), country.id, culture)).filter((m) => m.kind !== "store");
  let best: (typeof delivered)[number] | null = null;
  for (const method of delivered) if (!best || method.amountTaxExcl < best.amountTaxExcl) best = method;
  return best ? { amountTaxExcl: best.amountTaxExcl, transitDays: best.transitDays } : null;
}

/**
 * What every page's footer may promise of delivery: the countries home delivery reaches, and whether
 * orders can be collected in the shop or at relay points. Kept while public data stays the same (the
 * shipping tables are public: 026).
 */
export const shippingPromises = memoizePublic(async () => {
  const reach = await shippingReach(db());
  const of = (kind: string) => reach.find((r) => r.kind === kind)?.countries ?? [];
  return { homeCountries: of("home"), store: of("store").length > 0, relay: of("pickup").length > 0 };
});

/**
 * Postal code to city name for the autocomplete. Belgium lists French and Dutch names of one postal
 * code as separate rows: they are joined, so one key stays one suggestion.
 */
export async function citySuggestions(countryId: string, query: string): Promise<Record<string, string>> {
  const country = /^\d+$/.test(countryId)
    ? await countryById(db(), Number(countryId))
    : await countryByCode(db(), countryId);
  if (!country) throw new ApiError("CountryNotFound");
  if (query.length < CITY_AUTOCOMPLETE_MIN_LENGTH) return {};
  const rows = await findCities(db(), country.id, query, CITY_SUGGESTIONS * 3);
  const map: Record<string, string> = {};
  for (const row of rows) {
    if (Object.keys(map).length >= CITY_SUGGESTIONS && !(row.postalCode in map)) break;
    const known = map[row.postalCode];
    map[row.postalCode] = known ? (known.split(" / ").includes(row.name) ? known : `${known} / ${row.name}`) : row.name;
  }
  return map;
}

export { normaliseVatNumber, vatNumberLooksValid } from "./vat-number";
export { vatRegistry } from "./vat-registry.server";
