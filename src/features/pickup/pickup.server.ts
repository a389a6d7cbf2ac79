import { cartRow, updateCart } from "~/features/cart/cart.server";
import { type CartDetail, cartDetail } from "~/features/cart/cart-detail.server";
import { cityPosition, countryByCode, postalCodeOf, shippingMethodById } from "~/features/pricing/pricing.server";
import { type Culture, INTL_LOCALE, isCulture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import type { Session } from "~/server/session/session";
import { carrierGateway } from "./carriers.server";
import { geocoder } from "./geocoder.server";
import {
  filterByAddress,
  formatOpeningHours,
  nearest,
  type PickupPointView,
  type PickupSearch,
  PickupSearchSchema,
  type SavedPickupPoint,
} from "./pickup";
import { DEFAULT_SEARCH_POSTCODE, PICKUP_LIST_SIZE, PICKUP_SEARCH_RADIUS_KM } from "./pickup.constants";
import { activePickupPoint } from "./pickup.repository";
import type { ChosenPickupPoint, PickupMethod } from "./pickup-point";

/**
 * Where the shopper searches from: their own position when the browser gave it. With a street-level geocoder configured and an address given, the
 * street itself; otherwise (or when it cannot say) the postal code, else the city, of the country
 * (GeoNames data), and the address then filters the points found (`located: false`).
 */
async function geocode(country: { id: number; code: string }, search: PickupSearch) {
  // The shopper's own position (geolocation): the place itself.
  if (search.Latitude !== undefined && search.Longitude !== undefined)
    return { lat: search.Latitude, lon: search.Longitude, located: true };
  const streetLevel = search.Address ? geocoder() : null;
  if (streetLevel) {
    const found = await streetLevel.locate({
      street: search.Address,
      postalCode: search.PostalCode,
      city: search.City,
      countryCode: country.code,
    });
    if (found) return { ...found, located: true };
  }
  const place = await cityPosition(db(), country.id, { postalCode: search.PostalCode, name: search.City });
  return place ? { ...place, located: false } : null;
}

export interface PickupSearchResult {
  ResponseStatusDescription: string;
  PickupPointViewModels: PickupPointView[];
}

/**
 * Points of the carrier behind a shipping method around the searched place: within SearchRadius,
 * nearest first, at most MaximumListSize. An unknown place answers a non-Success status (the modal
 * shows its error), never an exception.
 */
export async function searchPickupPoints(
  carrier: string,
  search: PickupSearch,
  requestCulture: Culture,
): Promise<PickupSearchResult> {
  // CultureName as the payload has it ("nl-BE"), else the request's culture.
  const named = search.CultureName?.split("-")[0]?.toLowerCase();
  const culture = isCulture(named) ? named : requestCulture;
  const closed = translator(culture)("Pickup.Closed");
  const gateway = carrierGateway(carrier);
  if (!gateway) throw new ApiError("CarrierNotFound");
  const method = await shippingMethodById(db(), search.ShippingMethodId);
  if (!method || method.carrier !== carrier) throw new ApiError("ShippingMethodUnavailable", { ShippingMethodId: [] });
  const country = await countryByCode(db(), search.CountryCode);
  if (!country) throw new ApiError("CountryNotFound", { CountryCode: [] });
  if ((search.Latitude === undefined) !== (search.Longitude === undefined))
    throw new ApiError("ValidationFailed", { [search.Latitude === undefined ? "Latitude" : "Longitude"]: [] });
  const place = await geocode(country, search);
  if (!place) return { ResponseStatusDescription: "AddressNotFound", PickupPointViewModels: [] };
  const around = await gateway.pointsNear(
    { lat: place.lat, lon: place.lon, countryId: country.id },
    search.SearchRadius,
  );
  const points = place.located ? around : filterByAddress(around, search.Address);
  return {
    ResponseStatusDescription: "Success",
    PickupPointViewModels: nearest(points, search.SearchRadius, search.MaximumListSize).map((p) => ({
      ...p,
      StandardHoursOfOperation: formatOpeningHours(p.StandardHoursOfOperation, INTL_LOCALE[culture], closed),
    })),
  };
}

/**
 * Saves the chosen point on the cart for its shipping method. A static-carrier point must be one of
 * our shops; the method must be a pickup method offered in the cart's shipping country.
 */
export async function savePickupPoint(session: Session, culture: Culture, point: SavedPickupPoint): Promise<boolean> {
  const detail = await cartDetail(session, culture);
  const method = detail.shippingMethods.find((m) => m.id === point.ShippingMethodId);
  if (!detail.cart || !method || method.kind === "home")
    throw new ApiError("ShippingMethodUnavailable", { ShippingMethodId: [] });
  if (method.carrier === "static") {
    const shop = point.PickupPointId ? await activePickupPoint(db(), point.PickupPointId) : undefined;
    if (!shop) throw new ApiError("PickupPointNotFound", { PickupPointId: [] });
  } else if (point.PickupPointId) {
    throw new ApiError("ValidationFailed", { PickupPointId: [] });
  }
  const cart = await cartRow(db(), detail.cart.id);
  if (!cart) throw new ApiError("NotFound");
  await updateCart(db(), cart.id, { shipping_method_id: method.id, pickup_point: JSON.stringify(point) });
  return true;
}

/** The search form a carrier needs (`place` or `postal`); unknown carriers get the simple one. */
export function carrierAddressForm(carrier: string) {
  return carrierGateway(carrier)?.addressForm ?? "place";
}

/** The postal code of the delivery city chosen on the cart, if any. */
export async function chosenPostalCode(cityId: number | null): Promise<string | null> {
  return cityId ? postalCodeOf(db(), cityId) : null;
}

/** The point saved on the cart, as the delivery block shows it. */
export function chosenPickupPoint(detail: CartDetail): ChosenPickupPoint | null {
  if (!detail.cart?.pickup_point) return null;
  const saved = JSON.parse(detail.cart.pickup_point) as Record<string, string | null>;
  return {
    ref: saved.ExternalPickupPointRef ?? "",
    name: saved.PickupPointName ?? "",
    street: saved.ShippingStreet1 ?? "",
    postalCode: saved.ShippingPostalCode ?? "",
    city: saved.ShippingCity ?? "",
  };
}

/**
 * What the pickup finder starts from for a cart: its pickup methods (each with the search form its
 * carrier needs), the current one, the shipping country, the point on the cart, and where to search
 * first (that point's postal code, else the delivery postal code chosen on the cart, else the capital's).
 */
export async function pickupFinderContext(detail: CartDetail) {
  const methods: PickupMethod[] = detail.shippingMethods
    .filter((m) => m.kind !== "home" && m.carrier)
    .map((m) => ({ id: m.id, carrier: m.carrier ?? "", addressForm: carrierAddressForm(m.carrier ?? "") }));
  const chosen = chosenPickupPoint(detail);
  const postCode =
    chosen?.postalCode ||
    (await chosenPostalCode(detail.cart?.city_id ?? null)) ||
    DEFAULT_SEARCH_POSTCODE[detail.shippingCountry.code] ||
    "";
  return {
    countryCode: detail.shippingCountry.code,
    countryId: detail.shippingCountry.id,
    methods,
    methodId: detail.shippingMethod && detail.shippingMethod.kind !== "home" ? detail.shippingMethod.id : null,
    query: { postCode, city: "", address: "" },
    chosen,
  };
}

/**
 * The search page's finder (the modal's page, spec 001: query shippingMethodId, carrierGatewayId,
 * countryId, city, postCode, address): the cart's context, the asked method and place, and the search
 * made on the server so the page works without JavaScript. A bad query or an unknown place is the
 * finder's error notice, never an exception.
 */
export async function pickupSearchPage(session: Session, culture: Culture, params: URLSearchParams) {
  const get = (name: string) => (params.get(name) ?? "").slice(0, 160);
  const detail = await cartDetail(session, culture);
  const context = await pickupFinderContext(detail);
  const country = detail.countries.find((c) => String(c.id) === get("countryId")) ?? detail.shippingCountry;
  const asked = Number(get("shippingMethodId"));
  const method =
    context.methods.find((m) => m.id === asked) ??
    context.methods.find((m) => m.carrier === get("carrierGatewayId")) ??
    context.methods.find((m) => m.id === context.methodId) ??
    null;
  const query =
    get("postCode") || get("city") || get("address")
      ? { postCode: get("postCode").slice(0, 10), city: get("city").slice(0, 80), address: get("address") }
      : context.query;
  let points: PickupPointView[] = [];
  let failure: string | null = null;
  if (method) {
    const parsed = PickupSearchSchema.safeParse({
      City: query.city,
      PostalCode: query.postCode,
      CountryCode: country.code,
      Address: query.address,
      ShippingMethodId: method.id,
      SearchRadius: PICKUP_SEARCH_RADIUS_KM,
      MaximumListSize: PICKUP_LIST_SIZE,
    });
    const found = parsed.success
      ? await searchPickupPoints(method.carrier, parsed.data, culture).catch((error: unknown) => {
          if (error instanceof ApiError) return null;
          throw error;
        })
      : null;
    if (found?.ResponseStatusDescription === "Success") points = found.PickupPointViewModels;
    else failure = "status";
  }
  return {
    ...context,
    countryCode: country.code,
    countryId: country.id,
    methodId: method?.id ?? null,
    query,
    points,
    failure,
  };
}
