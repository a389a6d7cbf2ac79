import { requestJson } from "../../shell/request";
import type { CartSummary } from "./cart";

export function fetchCartSummary(): Promise<CartSummary> {
  return requestJson<CartSummary>("/api/v1/shoppingcarts");
}
