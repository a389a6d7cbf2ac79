import { endpointClient } from "~/shell/request";
import type * as checkoutEndpoints from "./checkout.endpoints";

const call = endpointClient<typeof checkoutEndpoints>();

export function checkVatNumber(countryId: string, vat: string) {
  return call("GET /sales/customers/checkisvatvalid/", { query: { countryId, VAT: vat } }, { handled: [400, 404] });
}
