import { endpointClient } from "../../shell/request";
import type * as pickupEndpoints from "./pickup.endpoints";

const call = endpointClient<typeof pickupEndpoints>();

/** Saves the chosen pickup point on the cart. */
export function savePickupPoint(fields: Record<string, string>) {
  return call("POST /shoppingcarts/externalpickuppoint", { body: fields as never });
}
