/**
 * The catalogue's numbers from spec 001 (sections 5 and 9), in a module without schemas so browser
 * code can import them without zod.
 */

/** Suggestions from 2 characters, 5 results, accuracy 0.3; the typeahead shows at most 30. */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_DEFAULT_RESULTS = 5;
export const SEARCH_DEFAULT_ACCURACY = 0.3;
export const TYPEAHEAD_LIMIT = 30;

/** Reference search needs 2 characters; the failure modal leaves after 3000 ms. */
export const REFERENCE_SEARCH_MIN_CHARS = 2;
export const REFERENCE_SEARCH_PAGE_SIZE = 10;
export const REFERENCE_ERROR_EXIT_MS = 3000;
