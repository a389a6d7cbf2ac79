import { endpointClient } from "~/shell/request";
import type * as wishlistEndpoints from "./wishlists.endpoints";

const call = endpointClient<typeof wishlistEndpoints>();

type AddBody = Parameters<typeof call<"POST /catalog/wishlist/addproductvariant">>[1]["body"];

/** Wishlist calls (spec 001); a guest's 401 opens the login modal and the call goes on once signed in. */
export const wishlistApi = {
  call,
  lists: () => call("GET /catalog/wishlist/lists", {}),
  /** A refusal the shopper can fix (an empty name, a product gone) is the caller's to show. */
  add: (body: AddBody) => call("POST /catalog/wishlist/addproductvariant", { body }, { handled: [400, 404, 422] }),
  isInList: (productVariantId: number, listId?: number) =>
    call(
      "GET /catalog/wishlist/isinthelist",
      { query: listId === undefined ? { productVariantId } : { productVariantId, listId } },
      { handled: [400, 401, 404] },
    ),
  count: () => call("GET /catalog/wishlist/products/count", {}, { handled: [401] }),
};
