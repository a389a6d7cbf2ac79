import { endpointClient } from "../../shell/api";
import type * as checkoutEndpoints from "./checkout.endpoints";

const call = endpointClient<typeof checkoutEndpoints>();

export function checkVatNumber(countryId: string, vat: string) {
  return call("GET /sales/customers/checkisvatvalid/", { query: { countryId, VAT: vat } }, { handled: [400, 404] });
}

/** Saves one of the signed-in customer's addresses (the address popup); field refusals are the caller's. */
export function postAddress(body: Record<string, string>) {
  return call("POST /customers/addresses", { body: body as never }, { handled: [400, 403, 404] });
}
