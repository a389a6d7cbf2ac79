import { endpointClient } from "~/shell/request";
import type * as addressEndpoints from "./addresses.endpoints";

const call = endpointClient<typeof addressEndpoints>();

/** Saves one of the signed-in customer's addresses (the address popup); field refusals are the caller's. */
export function postAddress(body: Record<string, string>) {
  return call("POST /customers/addresses", { body: body as never }, { handled: [400, 403, 404] });
}
