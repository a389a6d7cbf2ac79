import { createHash } from "node:crypto";
import { citiesWithin } from "~/features/pricing/pricing.server";
import { db } from "~/server/db/client";
import { type AddressForm, distanceKm, type PickupPointView } from "./pickup";
import { activePickupPoints } from "./pickup.repository";
import { pickupPointView } from "./pickup-point";

/**
 * A carrier gateway: the pickup points around a place. Our own shops are the static carrier; an
 * external carrier's network sits behind the same interface (the built-in demo network needs no
 * network access; a real carrier's client replaces it by configuration).
 */
export interface CarrierGateway {
  code: string;
  /** The search form this carrier needs (the relay network locates by postal address). */
  addressForm: AddressForm;
  pointsNear(place: { lat: number; lon: number; countryId: number }, radiusKm: number): Promise<PickupPointView[]>;
}

/** Relay hours, language-neutral (see formatOpeningHours): weekdays 8:30 to 19:00, Saturday to 17:00. */
const HOURS_WEEK = "1-5 08:30-19:00;6 09:00-17:00;7 closed";

export const staticCarrier: CarrierGateway = {
  code: "static",
  addressForm: "place",
  async pointsNear(place) {
    const rows = await activePickupPoints(db());
    return rows.map((row) =>
      pickupPointView({
        PublicAccessPointID: `SHOP-${row.id}`,
        ConsigneeName: row.name,
        Address: row.street,
        PostCode: row.postal_code,
        City: row.city,
        CountryId: row.country_id,
        PhoneNumber: row.phone,
        Distance: round(distanceKm(place, { lat: Number(row.latitude), lon: Number(row.longitude) })),
        Geocode: { Latitude: Number(row.latitude), Longitude: Number(row.longitude) },
        StandardHoursOfOperation: row.hours,
        PickupPointType: "Shop",
        PickupPointId: row.id,
      }),
    );
  },
};

const RELAY_NAMES = ["Librairie", "Tabac-Presse", "Supermarché", "Fleuriste", "Pharmacie", "Bureau de poste"];

/**
 * The demo relay network: two or three points generated deterministically around every postal code
 * of the country (from the GeoNames coordinates), so a search anywhere in Belgium or the Netherlands
 * finds relays nearby without any external service.
 */
export const demoCarrier: CarrierGateway = {
  code: "demo",
  addressForm: "postal",
  async pointsNear(place, radiusKm) {
    // A bounding box keeps the scan to the postal codes that can be within the radius.
    const dLat = radiusKm / 111;
    const dLon = radiusKm / (111 * Math.cos((place.lat * Math.PI) / 180));
    const cities = await citiesWithin(db(), place.countryId, {
      minLat: place.lat - dLat,
      maxLat: place.lat + dLat,
      minLon: place.lon - dLon,
      maxLon: place.lon + dLon,
    });
    const seen = new Set<string>();
    const points: PickupPointView[] = [];
    for (const city of cities) {
      if (city.latitude === null || city.longitude === null || seen.has(city.postal_code)) continue;
      seen.add(city.postal_code);
      const hash = createHash("sha1").update(`relay:${city.postal_code}`).digest();
      const count = 2 + ((hash[0] ?? 0) % 2);
      for (let i = 0; i < count; i++) {
        const lat = Number(city.latitude) + (((hash[1 + i] ?? 0) - 128) / 128) * 0.01;
        const lon = Number(city.longitude) + (((hash[4 + i] ?? 0) - 128) / 128) * 0.015;
        const name = RELAY_NAMES[(hash[7 + i] ?? 0) % RELAY_NAMES.length] as string;
        points.push(
          pickupPointView({
            PublicAccessPointID: `DEMO-${city.postal_code}-${i + 1}`,
            ConsigneeName: `${name} ${city.name}`,
            Address: `${["Rue", "Straat", "Place"][(hash[10 + i] ?? 0) % 3]} ${((hash[13 + i] ?? 0) % 120) + 1}`,
            PostCode: city.postal_code,
            City: city.name,
            CountryId: city.country_id,
            Distance: round(distanceKm(place, { lat, lon })),
            Geocode: { Latitude: round6(lat), Longitude: round6(lon) },
            StandardHoursOfOperation: HOURS_WEEK,
            LatestAirDropOffTime: "17:00",
            PickupPointType: "Relay",
            PickupPointId: null,
          }),
        );
      }
    }
    return points;
  },
};

const GATEWAYS: Record<string, CarrierGateway> = { static: staticCarrier, demo: demoCarrier };

export function carrierGateway(code: string): CarrierGateway | undefined {
  return GATEWAYS[code];
}

function round(km: number): number {
  return Math.round(km * 100) / 100;
}
function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
