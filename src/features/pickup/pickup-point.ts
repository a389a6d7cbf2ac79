import type { AddressForm, PickupPointView } from "./pickup";

/** A pickup method the finder can search for: its carrier and the search form that carrier needs. */
export interface PickupMethod {
  id: number;
  carrier: string;
  addressForm: AddressForm;
}

/** The point on the cart, as the checkout's delivery block shows it. */
export interface ChosenPickupPoint {
  ref: string;
  name: string;
  street: string;
  postalCode: string;
  city: string;
}

/**
 * The saved pickup point payload (spec 001 section 3) for a found point: every field the search gave,
 * the shipping names from the billing names, PickupPointId only for our own shops. Both the finder and
 * its no-JavaScript forms post exactly these fields.
 */
export function savedPointFields(
  point: PickupPointView,
  shippingMethodId: number | string,
  names: { first: string; last: string },
): Record<string, string> {
  return {
    ShippingFirstName: names.first,
    ShippingLastName: names.last,
    ShippingMethodId: String(shippingMethodId),
    PickupPointName: point.ConsigneeName,
    ShippingStreet1: point.Address,
    ShippingPostalCode: point.PostCode,
    ShippingCity: point.City,
    ShippingCountryId: String(point.CountryId),
    ShippingPhoneNumber: point.PhoneNumber ?? "",
    Informations: point.Informations ?? "",
    StandardHoursOfOperation: point.StandardHoursOfOperation ?? "",
    LatestAirDropOffTime: point.LatestAirDropOffTime ?? "",
    AdditionalChargeIndicator: String(point.AdditionalChargeIndicator),
    Comments: point.Comments ?? "",
    Distance: String(point.Distance),
    SpecialInstructions: point.SpecialInstructions ?? "",
    AdditionalComments: point.AdditionalComments ?? "",
    ExternalPickupPointRef: point.PublicAccessPointID,
    PickupPointType: point.PickupPointType ?? "",
    ...(point.PickupPointId ? { PickupPointId: String(point.PickupPointId) } : {}),
  };
}

/** What the delivery block shows of a found point once it is chosen. */
export function chosenFrom(point: PickupPointView): ChosenPickupPoint {
  return {
    ref: point.PublicAccessPointID,
    name: point.ConsigneeName,
    street: point.Address,
    postalCode: point.PostCode,
    city: point.City,
  };
}

/** The fields a point must have, the rest (notes, extra charge, image...) empty unless given. */
export type PickupPointCore = Pick<
  PickupPointView,
  | "PublicAccessPointID"
  | "ConsigneeName"
  | "Address"
  | "PostCode"
  | "City"
  | "CountryId"
  | "Distance"
  | "Geocode"
  | "PickupPointType"
  | "PickupPointId"
>;

/** A point as the search answers it (every field of spec 001), from what a carrier knows of it. */
export function pickupPointView(core: PickupPointCore & Partial<PickupPointView>): PickupPointView {
  return {
    PhoneNumber: "",
    ImageURL: null,
    Comments: "",
    StandardHoursOfOperation: "",
    Informations: "",
    LatestAirDropOffTime: "",
    AdditionalChargeIndicator: false,
    SpecialInstructions: "",
    AdditionalComments: "",
    ...core,
  };
}

/** A suggestion of the address field ("1000 Bruxelles") read back into its postal code and city. */
export function placeOfSuggestion(
  value: string,
  places: Record<string, string>,
): { postCode: string; city: string } | null {
  const match = /^(\S+)\s+(.+)$/.exec(value.trim());
  if (!match) return null;
  const [, postCode = "", city = ""] = match;
  const known = places[postCode];
  if (!known?.split(" / ").includes(city)) return null;
  return { postCode, city };
}
