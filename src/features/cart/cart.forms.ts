import type { EndpointsOf, RequestOf } from "~/lib/endpoint-types";
import type * as cartEndpoints from "./cart.endpoints";

type CartEndpoints = EndpointsOf<typeof cartEndpoints>;
type Fields = Record<string, string | undefined>;

/** A cart page form as an endpoint call: which endpoint, and the form's fields as its request. */
interface CartForm<K extends keyof CartEndpoints> {
  endpoint: K;
  request(fields: Fields): RequestOf<CartEndpoints[K]>;
  /** Refusals the page shows beside the form (no error dialog). */
  handled?: readonly number[];
  /** The form acts only when this holds (otherwise nothing is sent). */
  when?(fields: Fields): boolean;
}

const form = <K extends keyof CartEndpoints>(definition: CartForm<K>) => definition;

/**
 * The cart page's forms (spec 001 section 7), read by both sides: the browser store sends them to the
 * API, the no-JavaScript post runs the same endpoint on the server. A form is added here, once.
 */
export const CART_FORMS = {
  quantity: form({
    endpoint: "PUT /shoppingcarts/shoppingcartitems/:id",
    request: (f) => ({ params: { id: f.LineId }, body: { Quantity: f.Quantity } }),
    handled: [404, 409, 422],
  }),
  remove: form({
    endpoint: "DELETE /shoppingcarts/shoppingcartitems/:id",
    request: (f) => ({ params: { id: f.LineId } }),
    handled: [404],
  }),
  "clear-product": form({
    endpoint: "DELETE /shoppingcarts/products/:id",
    request: (f) => ({ params: { id: f.ProductId } }),
    handled: [404],
  }),
  country: form({
    endpoint: "POST /shoppingcarts/shippingcountries",
    request: (f) => ({ body: { CountryCode: f.CountryCode ?? "" } }),
  }),
  method: form({
    endpoint: "POST /shoppingcarts/shippingmethods",
    request: (f) => ({ body: { ShippingMethodId: f.ShippingMethodId } }),
    handled: [422],
  }),
  city: form({
    endpoint: "POST /shoppingcarts/city/",
    request: (f) => ({ body: { CityId: f.CityId ?? "" } }),
    handled: [404],
  }),
  coupon: form({
    endpoint: "POST /shoppingcarts/coupon",
    request: (f) => ({ body: { CouponCode: f.CouponCode ?? "" } }),
  }),
  "remove-coupon": form({
    endpoint: "DELETE /shoppingcarts/coupon",
    request: () => ({}),
    // Remove acts only when the code field is not empty (spec 001 section 5).
    when: (f) => Boolean(f.CouponCode),
  }),
};

export type CartFormName = keyof typeof CART_FORMS;

export const isCartForm = (name: string | undefined): name is CartFormName =>
  name !== undefined && Object.hasOwn(CART_FORMS, name);
