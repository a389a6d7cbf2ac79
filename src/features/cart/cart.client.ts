import { requestJson } from "../../shell/request";
import type { AddToCartInput, AddToCartResult, CartSummary } from "./cart";

export function fetchCartSummary(): Promise<CartSummary> {
  return requestJson<CartSummary>("/api/v1/shoppingcarts");
}

/** Refusals the shopper can fix (quantity rules, stock) come back as a rejection, not an error dialog. */
export function postAddToCart(input: Partial<AddToCartInput> & Pick<AddToCartInput, "ProductVariantId" | "Quantity">) {
  return requestJson<AddToCartResult>(
    "/api/v1/catalog/products/addtocart",
    { method: "POST", body: JSON.stringify(input) },
    { handled: [404, 409, 422] },
  );
}

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
});

/** Cart page calls (spec 001 section 7); quantity and stock refusals are the caller's to show. */
export const cartApi = {
  setQuantity: (lineId: number, Quantity: number) =>
    requestJson<CartSummary>(`/api/v1/shoppingcarts/shoppingcartitems/${lineId}`, json("PUT", { Quantity }), {
      handled: [404, 409, 422],
    }),
  removeLine: (lineId: number) =>
    requestJson<CartSummary>(`/api/v1/shoppingcarts/shoppingcartitems/${lineId}`, json("DELETE"), { handled: [404] }),
  clearProduct: (productId: number) =>
    requestJson<CartSummary>(`/api/v1/shoppingcarts/products/${productId}`, json("DELETE"), { handled: [404] }),
  shippingMethod: (ShippingMethodId: number) =>
    requestJson<CartSummary>("/api/v1/shoppingcarts/shippingmethods", json("POST", { ShippingMethodId }), {
      handled: [422],
    }),
  shippingCountry: (CountryCode: string) =>
    requestJson<CartSummary>("/api/v1/shoppingcarts/shippingcountries", json("POST", { CountryCode })),
  countries: (ShippingCountryId: number, BillingCountryId: number) =>
    requestJson<CartSummary>("/api/v1/shoppingcarts/country", json("POST", { ShippingCountryId, BillingCountryId })),
  city: (CityId: string) =>
    requestJson<CartSummary>("/api/v1/shoppingcarts/city/", json("POST", { CityId }), { handled: [404] }),
  cities: (countryId: number | string, query: string) =>
    requestJson<Record<string, string>>(
      `/api/v1/countries/${encodeURIComponent(countryId)}/cities/${encodeURIComponent(query)}`,
      {},
      { handled: [400, 404] },
    ),
  applyCoupon: (CouponCode: string) =>
    requestJson<boolean>("/api/v1/shoppingcarts/coupon", json("POST", { CouponCode })),
  removeCoupon: () => requestJson<boolean>("/api/v1/shoppingcarts/coupon", json("DELETE")),
};
