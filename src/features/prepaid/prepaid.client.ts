import { endpointClient } from "~/shell/request";
import type * as prepaidEndpoints from "./prepaid.endpoints";

const call = endpointClient<typeof prepaidEndpoints>();

/** The usage-notification checkbox, saved as it changes (spec 001: sent without a loader). */
export function postNotification(accountId: number, on: boolean) {
  return call("POST /sales/prepaidaccounts/setnotification", {
    body: { PrepaidAccountId: accountId, IsActivated: on },
  });
}

/** Staff's customer search, for the prepaid sales' searchable select. */
export function searchCustomers(q: string) {
  return call("GET /sales/customers", { query: { q } }, { handled: [400, 403] });
}
