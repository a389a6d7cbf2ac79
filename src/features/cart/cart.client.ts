import type * as pricingEndpoints from "~/features/pricing/pricing.endpoints";
import { endpointClient } from "~/shell/request";
import type * as cartEndpoints from "./cart.endpoints";

const call = endpointClient<typeof cartEndpoints>();

export function fetchCartSummary() {
  return call("GET /shoppingcarts", {});
}

type AddToCartBody = Parameters<typeof call<"POST /catalog/products/addtocart">>[1]["body"];

/** Refusals the shopper can fix (quantity rules, stock) come back as a rejection, not an error dialog. */
export function postAddToCart(body: AddToCartBody) {
  return call("POST /catalog/products/addtocart", { body }, { handled: [404, 409, 422] });
}

/** Cart page calls (spec 001 section 7); quantity and stock refusals are the caller's to show. */
export const cartApi = {
  call,
  cities: (countryId: number | string, query: string) =>
    endpointClient<typeof pricingEndpoints>()(
      "GET /countries/:countryId/cities/:query",
      { params: { countryId: String(countryId), query } },
      { handled: [400, 404] },
    ),
};
