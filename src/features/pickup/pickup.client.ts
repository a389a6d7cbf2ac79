import type * as pricingEndpoints from "~/features/pricing/pricing.endpoints";
import { endpointClient } from "~/shell/request";
import type { PickupPointView } from "./pickup";
import type * as pickupEndpoints from "./pickup.endpoints";

const call = endpointClient<typeof pickupEndpoints>();

/** The pickup finder's calls (spec 001 section 3), typed by the endpoints that define them. */
export const pickupApi = {
  /** Points of a carrier around a place; a non-Success status is an answer, not a failure. */
  search: async (
    carrier: string,
    body: {
      City: string;
      PostalCode: string;
      CountryCode: string;
      Address: string;
      ShippingMethodId: number;
      SearchRadius: number;
      MaximumListSize: number;
      CultureName: string;
    },
  ) => {
    const answer = await call(
      "POST /shipping/:carrier/getpickuppoints",
      { params: { carrier }, body },
      { handled: [400, 404, 422] },
    );
    return answer as { ResponseStatusDescription: string; PickupPointViewModels: PickupPointView[] };
  },
  /** Saves the chosen point on the cart. */
  save: (fields: Record<string, string | number | boolean | null>) =>
    call("POST /shoppingcarts/externalpickuppoint", { body: fields as never }, { handled: [400, 404, 422] }),
  /** Postal codes and cities of a country starting with the text (from 4 characters). */
  places: (countryCode: string, query: string) =>
    endpointClient<typeof pricingEndpoints>()(
      "GET /countries/:countryId/cities/:query",
      { params: { countryId: countryCode, query } },
      { handled: [400, 404] },
    ),
};
