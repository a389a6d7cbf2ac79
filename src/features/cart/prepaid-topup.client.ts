import { endpointClient } from "~/shell/request";
import type * as topUpEndpoints from "./prepaid-topup.endpoints";

/** Add prepaid money (spec 001): answers the address to go to; a missing quantity is the caller's to show. */
export function postPrepaidTopUp(body: { PrepaidAccountId: number; Quantity?: number }) {
  return endpointClient<typeof topUpEndpoints>()(
    "POST /sales/prepaidaccounts/addtocart",
    { body },
    { handled: [400, 404, 422] },
  );
}
