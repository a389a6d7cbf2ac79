import { endpointClient } from "~/shell/request";
import type * as paymentEndpoints from "./payment.endpoints";

const call = endpointClient<typeof paymentEndpoints>();

/** The sandbox drop-in's card submit: the result, or a challenge redirect. */
export function authoriseCard(fields: Record<string, string>) {
  return call("POST /payments/sandbox/authorise", { body: fields as never }, { handled: [400, 404] });
}
