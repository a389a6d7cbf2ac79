import { checkVAT, countries } from "jsvat";
import { z } from "zod";

/** VAT check query (spec 001): countryId, VAT, customerId. */
export const VatCheckQuerySchema = z.object({
  countryId: z.coerce.number().int().min(1).max(2_147_483_647),
  VAT: z.string().trim().max(32).default(""),
  customerId: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});

/** Spaces, dots and dashes dropped, upper case, the country prefix added when missing. */
export function normaliseVatNumber(countryCode: string, raw: string): string {
  const compact = raw.replace(/[\s.\-/]/g, "").toUpperCase();
  const prefix = countryCode === "GR" ? "EL" : countryCode;
  return /^[A-Z]{2}/.test(compact) ? compact : `${prefix}${compact}`;
}

/** Format and checksum of an EU VAT number, by jsvat; the number must belong to the given country. */
export function vatNumberLooksValid(countryCode: string, number: string): boolean {
  const result = checkVAT(number, countries);
  const isoCode = result.country?.isoCode.short;
  return result.isValid && (isoCode === countryCode || (countryCode === "GR" && isoCode === "EL"));
}

export { reverseChargeApplies } from "../pricing/totals";
export { vatChangeReloads } from "./vat.constants";
