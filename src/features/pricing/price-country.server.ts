import { requestSession } from "~/server/http/request-context";
import type { Session } from "~/server/session/session";
import { DEFAULT_SHIPPING_COUNTRY } from "./pricing.constants";

/** Where the session keeps the shopper's current country (PUT /api/v1/salestaxes/currentcountry). */
export const CURRENT_COUNTRY_KEY = "currentCountry";

/**
 * The country whose VAT the prices shown include: the shopper's current country once chosen (the
 * header's selector, or the cart's shipping country), else the shop's home country.
 */
export function priceCountryCode(session: Session | undefined = requestSession()): string {
  const chosen = session?.data[CURRENT_COUNTRY_KEY];
  return typeof chosen === "string" && /^[A-Z]{2}$/.test(chosen) ? chosen : DEFAULT_SHIPPING_COUNTRY;
}
