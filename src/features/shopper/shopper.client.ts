import { endpointClient } from "~/shell/request";
import type * as shopperEndpoints from "./shopper.endpoints";

const call = endpointClient<typeof shopperEndpoints>();

/** The shopper's own parts of a shared page (decision 062): one small request after load. */
export const shopperApi = {
  summary: () => call("GET /me/summary", {}),
};
