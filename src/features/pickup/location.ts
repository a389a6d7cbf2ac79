/**
 * The location cookie of spec 001 section 3: where the shopper last searched for pickup points, in the
 * shape a maps provider answers a place (address components, formatted address, geometry, types,
 * partial match, postcode localities, place id, medium). A preferences cookie: written only with that
 * consent; the next search starts there.
 */
export const LOCATION_COOKIE = "Location";
export const LOCATION_COOKIE_DAYS = 30;

interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

export interface SavedLocation {
  address_components: AddressComponent[];
  formatted_address: string;
  geometry: { location: { lat: number; lng: number } } | null;
  types: string[];
  partial_match: boolean;
  postcode_localities: string[];
  place_id: string | null;
  medium: "search" | "geolocation";
}

/** The location of a search: a typed place (postal code, city, street) or the browser's position. */
export function locationOf(
  search: { postCode: string; city: string; address: string; countryCode: string },
  position?: { latitude: number; longitude: number },
): SavedLocation {
  const components = [
    search.address && { long_name: search.address, short_name: search.address, types: ["route"] },
    search.postCode && { long_name: search.postCode, short_name: search.postCode, types: ["postal_code"] },
    search.city && { long_name: search.city, short_name: search.city, types: ["locality"] },
    { long_name: search.countryCode, short_name: search.countryCode, types: ["country"] },
  ].filter((c): c is AddressComponent => Boolean(c));
  return {
    address_components: position ? [components[components.length - 1] as AddressComponent] : components,
    formatted_address: position
      ? ""
      : [search.address, [search.postCode, search.city].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    geometry: position ? { location: { lat: position.latitude, lng: position.longitude } } : null,
    types: position
      ? ["geolocation"]
      : [search.address ? "street_address" : search.postCode ? "postal_code" : "locality"],
    partial_match: false,
    postcode_localities: [],
    place_id: null,
    medium: position ? "geolocation" : "search",
  };
}

/** What a saved location searches again: a position, or the place's fields. Null for another country. */
export function searchOfLocation(
  location: SavedLocation,
  countryCode: string,
):
  | { query: { postCode: string; city: string; address: string } }
  | { position: { latitude: number; longitude: number } }
  | null {
  const part = (type: string) => location.address_components.find((c) => c.types.includes(type))?.long_name ?? "";
  if (part("country") !== countryCode) return null;
  if (location.geometry && location.medium === "geolocation")
    return { position: { latitude: location.geometry.location.lat, longitude: location.geometry.location.lng } };
  return { query: { postCode: part("postal_code"), city: part("locality"), address: part("route") } };
}

const text = (value: unknown, max: number): value is string => typeof value === "string" && value.length <= max;
const coordinate = (value: unknown, limit: number): value is number =>
  typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= limit;

/**
 * A location cookie read back, checked field by field (a cookie is the shopper's to change); null when
 * it is not one. Written by hand rather than with zod: this runs in the browser bundle (DESIGN.md).
 */
export function parseLocation(raw: string | undefined): SavedLocation | null {
  if (!raw || raw.length > 4000) return null;
  let value: Partial<SavedLocation>;
  try {
    value = JSON.parse(decodeURIComponent(raw));
  } catch {
    return null;
  }
  const components = Array.isArray(value.address_components) ? value.address_components.slice(0, 6) : null;
  if (
    !components?.every((c) => text(c?.long_name, 120) && text(c?.short_name, 120) && Array.isArray(c?.types)) ||
    !text(value.formatted_address, 300) ||
    (value.medium !== "search" && value.medium !== "geolocation")
  )
    return null;
  const at = value.geometry?.location;
  const geometry =
    at && coordinate(at.lat, 90) && coordinate(at.lng, 180) ? { location: { lat: at.lat, lng: at.lng } } : null;
  return {
    address_components: components.map((c) => ({
      long_name: c.long_name,
      short_name: c.short_name,
      types: c.types.filter((t) => text(t, 40)).slice(0, 5),
    })),
    formatted_address: value.formatted_address,
    geometry,
    types: Array.isArray(value.types) ? value.types.filter((t) => text(t, 40)).slice(0, 5) : [],
    partial_match: value.partial_match === true,
    postcode_localities: Array.isArray(value.postcode_localities)
      ? value.postcode_localities.filter((t) => text(t, 80)).slice(0, 10)
      : [],
    place_id: text(value.place_id, 200) ? value.place_id : null,
    medium: value.medium,
  };
}
