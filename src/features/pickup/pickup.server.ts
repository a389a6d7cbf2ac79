import { type Culture, INTL_LOCALE, isCulture } from "../../lib/culture";
import { translator } from "../../lib/i18n";
import { db } from "../../server/db/client";
import { ApiError } from "../../server/http/errors";
import type { Session } from "../../server/session/session";
import { cartRow, updateCart } from "../cart/cart.server";
import { cartDetail } from "../cart/cart-detail.server";
import { cityPosition, countryByCode, postalCodeOf, shippingMethodById } from "../pricing/pricing.server";
import { carrierGateway } from "./carriers.server";
import { formatOpeningHours, nearest, type PickupPointView, type PickupSearch, type SavedPickupPoint } from "./pickup";
import { activePickupPoint } from "./pickup.repository";

/** Where the shopper searches from: a postal code, else a city name, of the country (GeoNames data). */
function geocode(countryId: number, search: PickupSearch) {
  return cityPosition(db(), countryId, { postalCode: search.PostalCode, name: search.City });
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
  const place = await geocode(country.id, search);
  if (!place) return { ResponseStatusDescription: "AddressNotFound", PickupPointViewModels: [] };
  const points = await gateway.pointsNear({ ...place, countryId: country.id }, search.SearchRadius);
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

/** The postal code of the delivery city chosen on the cart, if any. */
export async function chosenPostalCode(cityId: number | null): Promise<string | null> {
  return cityId ? postalCodeOf(db(), cityId) : null;
}
