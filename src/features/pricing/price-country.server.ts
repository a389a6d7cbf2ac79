import { env } from "~/server/config/env";
import { requestCountry, requestSession } from "~/server/http/request-context";
import { CURRENT_COUNTRY_KEY, countryCode } from "~/server/session/country-preference";
import type { Session } from "~/server/session/session";
import { DEFAULT_SHIPPING_COUNTRY } from "./pricing.constants";

/** Where the session keeps the shopper's current country (PUT /api/v1/salestaxes/currentcountry). */
export { CURRENT_COUNTRY_KEY };

/**
 * The country whose VAT the prices shown include: the shopper's current country once chosen (the
 * header's selector, or the cart's shipping country; kept in her session and in her country cookie),
 * else the country the page's address names (a product feed's link, `?country=`), else her country
 * cookie's, else the shop's home country. A page shared by every shopper renders with an empty session:
 * its country is the address's or the cookie's, which its cache entry is found by (decision 062).
 */
export function priceCountryCode(session: Session | undefined = requestSession()): string {
  // requestCountry(): the address's country ahead of the cookie's (the middleware chose).
  return countryCode(session?.data[CURRENT_COUNTRY_KEY]) ?? requestCountry() ?? DEFAULT_SHIPPING_COUNTRY;
}

/**
 * The country whose VAT rates a sale to `country` pays: its own, unless the shop is not under the EU's
 * One-Stop Shop (`VAT_OSS=false`) and it is another member state: then the shop's own country's.
 */
export function vatCountryCode(country: { code: string; isEu: boolean }): string {
  return !env().VAT_OSS && country.isEu ? DEFAULT_SHIPPING_COUNTRY : country.code;
}
