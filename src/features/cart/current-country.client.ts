import { endpointClient } from "~/shell/request";
import type * as currentCountryEndpoints from "./current-country.endpoints";

/** The shopper's current country (spec 001: PUT /api/v1/salestaxes/currentcountry). */
export function putCurrentCountry(code: string) {
  return endpointClient<typeof currentCountryEndpoints>()("PUT /salestaxes/currentcountry", {
    body: { currentCountry: code },
  });
}
