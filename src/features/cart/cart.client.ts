import { endpointClient } from "../../shell/request";
import type * as pricingEndpoints from "../pricing/pricing.endpoints";
import type * as cartEndpoints from "./cart.endpoints";
import type * as currentCountryEndpoints from "./current-country.endpoints";
import type * as topUpEndpoints from "./prepaid-topup.endpoints";

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

/** Add prepaid money (spec 001): answers the address to go to; a missing quantity is the caller's to show. */
export function postPrepaidTopUp(body: { PrepaidAccountId: number; Quantity?: number }) {
  return endpointClient<typeof topUpEndpoints>()(
    "POST /sales/prepaidaccounts/addtocart",
    { body },
    { handled: [400, 404, 422] },
  );
}

/** The shopper's current country (spec 001: PUT /api/v1/salestaxes/currentcountry). */
export function putCurrentCountry(code: string) {
  return endpointClient<typeof currentCountryEndpoints>()("PUT /salestaxes/currentcountry", {
    body: { currentCountry: code },
  });
}
