/** The city autocomplete starts at 4 characters (spec 001 section 9). */
export const CITY_AUTOCOMPLETE_MIN_LENGTH = 4;

/** The shop's home country: prices shown before a shipping country is chosen include its VAT. */
export const DEFAULT_SHIPPING_COUNTRY = "BE";
