import { env } from "~/server/config/env";

/** A street address to locate. */
export interface StreetAddress {
  street: string;
  postalCode: string;
  city: string;
  countryCode: string;
}

/** Locates a street address: its position, or null when the provider cannot say (unknown, down, slow). */
export interface Geocoder {
  locate(address: StreetAddress): Promise<{ lat: number; lon: number } | null>;
}

/**
 * A Nominatim-compatible search service (OpenStreetMap's, or a self-hosted one), asked with a structured
 * query. Any failure or a reply slower than the timeout is "not located": the search then falls back to
 * the postal code and city, never to an error for the shopper.
 */
export function nominatimGeocoder(baseUrl: string, timeoutMs: number): Geocoder {
  return {
    async locate(address) {
      const query = new URLSearchParams({
        format: "jsonv2",
        limit: "1",
        street: address.street,
        countrycodes: address.countryCode.toLowerCase(),
      });
      if (address.postalCode) query.set("postalcode", address.postalCode);
      if (address.city) query.set("city", address.city);
      try {
        const response = await fetch(`${baseUrl.replace(/\/$/, "")}/search?${query}`, {
          headers: { Accept: "application/json", "User-Agent": "Vitrine pickup search" },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) return null;
        const [first] = (await response.json()) as { lat?: unknown; lon?: unknown }[];
        const lat = Number(first?.lat);
        const lon = Number(first?.lon);
        return Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180
          ? { lat, lon }
          : null;
      } catch {
        return null;
      }
    },
  };
}

/** The configured street-level geocoder, or null: without one the address field is a plain filter. */
export function geocoder(): Geocoder | null {
  const { GEOCODER_URL, GEOCODER_TIMEOUT_MS } = env();
  return GEOCODER_URL ? nominatimGeocoder(GEOCODER_URL, GEOCODER_TIMEOUT_MS) : null;
}
