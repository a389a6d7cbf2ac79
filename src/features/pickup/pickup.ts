import { z } from "zod";
import { dateTimeFormat } from "~/lib/intl";

/** Pickup point search payload (spec 001 section 3). */
export const PickupSearchSchema = z.object({
  City: z.string().trim().max(80).default(""),
  PostalCode: z.string().trim().max(10).default(""),
  CountryCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((v) => v.toUpperCase()),
  Address: z.string().trim().max(160).default(""),
  ShippingMethodId: z.coerce.number().int().min(1).max(2_147_483_647),
  SearchRadius: z.coerce.number().min(0.5).max(100).default(15),
  MaximumListSize: z.coerce.number().int().min(1).max(50).default(10),
  CultureName: z.string().max(10).optional(),
  /** The shopper's own position ("near me", the browser's geolocation), both or neither: searched from instead of the place. */
  Latitude: z.coerce.number().min(-90).max(90).optional(),
  Longitude: z.coerce.number().min(-180).max(180).optional(),
});
export type PickupSearch = z.infer<typeof PickupSearchSchema>;

/** One point as the search answers it (every field of spec 001 section 3). */
export interface PickupPointView {
  PublicAccessPointID: string;
  ConsigneeName: string;
  Address: string;
  PostCode: string;
  City: string;
  CountryId: number;
  PhoneNumber: string;
  /** Kilometres from the searched place. */
  Distance: number;
  Geocode: { Latitude: number; Longitude: number };
  ImageURL: string | null;
  Comments: string;
  /** Opening hours, lines separated by semicolons. */
  StandardHoursOfOperation: string;
  Informations: string;
  LatestAirDropOffTime: string;
  AdditionalChargeIndicator: boolean;
  SpecialInstructions: string;
  AdditionalComments: string;
  PickupPointType: string;
  /** Set for our own shops (static carrier), null for an external carrier's points. */
  PickupPointId: number | null;
}

/** Saved pickup point payload (spec 001 section 3); shipping names come from the billing names. */
export const SavedPickupPointSchema = z.object({
  ShippingFirstName: z.string().trim().max(80).default(""),
  ShippingLastName: z.string().trim().max(80).default(""),
  ShippingMethodId: z.coerce.number().int().min(1).max(2_147_483_647),
  PickupPointName: z.string().trim().min(1).max(160),
  ShippingStreet1: z.string().trim().min(1).max(160),
  ShippingPostalCode: z.string().trim().min(1).max(10),
  ShippingCity: z.string().trim().min(1).max(80),
  ShippingCountryId: z.coerce.number().int().min(1).max(2_147_483_647),
  ShippingPhoneNumber: z.string().trim().max(40).nullish(),
  Informations: z.string().max(500).nullish(),
  StandardHoursOfOperation: z.string().max(500).nullish(),
  LatestAirDropOffTime: z.string().max(40).nullish(),
  AdditionalChargeIndicator: z.union([z.boolean(), z.string().max(10)]).nullish(),
  Comments: z.string().max(500).nullish(),
  Distance: z.coerce.number().min(0).max(100_000).nullish(),
  SpecialInstructions: z.string().max(500).nullish(),
  AdditionalComments: z.string().max(500).nullish(),
  ExternalPickupPointRef: z.string().trim().min(1).max(64),
  PickupPointType: z.string().max(40).nullish(),
  PickupPointId: z.coerce.number().int().min(1).max(2_147_483_647).nullish(),
});
export type SavedPickupPoint = z.infer<typeof SavedPickupPointSchema>;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Points within the radius, nearest first, at most `limit` (ties by id, so the order is stable). */
export function nearest<T extends { Distance: number; PublicAccessPointID: string }>(
  points: T[],
  radiusKm: number,
  limit: number,
): T[] {
  return points
    .filter((p) => p.Distance <= radiusKm)
    .sort((a, b) => a.Distance - b.Distance || a.PublicAccessPointID.localeCompare(b.PublicAccessPointID))
    .slice(0, limit);
}

/**
 * The address field without a street-level geocoder: a plain filter. A point stays when every word of
 * the text (accents and case ignored) is in its name, street, postal code or city; blank keeps all.
 */
export function filterByAddress<T extends { ConsigneeName: string; Address: string; PostCode: string; City: string }>(
  points: T[],
  text: string,
): T[] {
  const words = fold(text)
    .split(/[\s,]+/)
    .filter(Boolean);
  if (words.length === 0) return points;
  return points.filter((p) => {
    const haystack = fold(`${p.ConsigneeName} ${p.Address} ${p.PostCode} ${p.City}`);
    return words.every((word) => haystack.includes(word));
  });
}

function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * How a carrier's search form asks for the place: `place` (one field, postal code or city, with
 * suggestions), or `postal` (street, postal code and city, for a carrier that locates by postal address).
 */
export const ADDRESS_FORMS = ["place", "postal"] as const;
export type AddressForm = (typeof ADDRESS_FORMS)[number];

const HOURS_ENTRY = /^([1-7])(?:-([1-7]))? (closed|\d{2}:\d{2}-\d{2}:\d{2}(?:,\d{2}:\d{2}-\d{2}:\d{2})*)$/;

/** Whether opening hours are in the language-neutral form `formatOpeningHours` reads (real times only). */
export function openingHoursReadable(hours: string): boolean {
  return hours.split(";").every((entry) => {
    const match = HOURS_ENTRY.exec(entry.trim());
    if (!match) return false;
    const [, from = "1", to = from, times = ""] = match;
    if (Number(to) < Number(from)) return false;
    return (
      times === "closed" ||
      [...times.matchAll(/(\d{2}):(\d{2})/g)].every(([, h, m]) => Number(h) <= 24 && Number(m) < 60)
    );
  });
}

/**
 * Opening hours kept language-neutral ("1-5 10:00-18:30;6 10:00-12:30,14:00-18:00;7 closed", ISO
 * weekdays, Monday 1) and shown in the shopper's language: weekday names from Intl, one line per entry,
 * lines separated by semicolons as StandardHoursOfOperation has them. Text in any other form (an
 * external carrier's own wording) is kept as it came.
 */
export function formatOpeningHours(hours: string, locale: string, closed: string): string {
  const entries = hours.split(";").map((e) => e.trim());
  const parsed = entries.map((e) => HOURS_ENTRY.exec(e));
  if (!hours.trim() || parsed.some((m) => !m)) return hours;
  const weekday = dateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  // 2024-01-01 was a Monday.
  const day = (n: string) => weekday.format(new Date(Date.UTC(2024, 0, Number(n))));
  return parsed
    .map((m) => {
      const [, from = "1", to, times = ""] = m as RegExpExecArray;
      const days = to ? `${day(from)} – ${day(to)}` : day(from);
      const when =
        times === "closed"
          ? closed
          : times
              .split(",")
              .map((t) => t.replace("-", " – "))
              .join(", ");
      return `${days.charAt(0).toLocaleUpperCase(locale)}${days.slice(1)} ${when}`;
    })
    .join(";");
}
