/** Search radius and list size of the pickup search (spec 001: "from page data; values not shown"). */
export const PICKUP_SEARCH_RADIUS_KM = 15;
export const PICKUP_LIST_SIZE = 10;
/** Map zoom on a chosen point (spec 001 section 9: pickup map zoom 13). */
export const PICKUP_MAP_ZOOM = 13;

/** Where a pickup search starts when the shopper gave no place yet: the capital's postal code. */
export const DEFAULT_SEARCH_POSTCODE: Record<string, string> = { BE: "1000", NL: "1012" };
