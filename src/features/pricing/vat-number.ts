import { checkVAT, countries } from "jsvat";

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
