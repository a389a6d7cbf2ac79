import { requestJson } from "../../shell/request";
import type { AddToCartInput, AddToCartResult, CartSummary } from "./cart";

export function fetchCartSummary(): Promise<CartSummary> {
  return requestJson<CartSummary>("/api/v1/shoppingcarts");
}

/** Refusals the shopper can fix (quantity rules, stock) come back as a rejection, not an error dialog. */
export function postAddToCart(input: Partial<AddToCartInput> & Pick<AddToCartInput, "ProductVariantId" | "Quantity">) {
  return requestJson<AddToCartResult>(
    "/api/v1/catalog/products/addtocart",
    { method: "POST", body: JSON.stringify(input) },
    { handled: [404, 409, 422] },
  );
}
