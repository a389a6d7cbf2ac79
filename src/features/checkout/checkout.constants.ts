/** The city autocomplete starts at 4 characters (spec 001 section 9). */
export const CITY_AUTOCOMPLETE_MIN_LENGTH = 4;
