import type { EndpointsOf, RequestOf } from "~/lib/endpoint-types";
import type * as wishlistEndpoints from "./wishlists.endpoints";

type WishlistEndpoints = EndpointsOf<typeof wishlistEndpoints>;
type Fields = Record<string, string | undefined>;

interface WishlistForm<K extends keyof WishlistEndpoints> {
  endpoint: K;
  request(fields: Fields, items: { variantId: string; qty: string }[]): RequestOf<WishlistEndpoints[K]>;
}

const form = <K extends keyof WishlistEndpoints>(definition: WishlistForm<K>) => definition;

/**
 * The wishlist page's forms (spec 001), read by both sides: the page's controller sends them to the
 * API, the no-JavaScript post (catalog/wishlist/update) runs the same endpoints on the server.
 */
export const WISHLIST_FORMS = {
  name: form({
    endpoint: "POST /catalog/wishlist/updatename",
    request: (f) => ({ body: { Id: f.Id, Name: f.Name ?? "" } }),
  }),
  description: form({
    endpoint: "POST /catalog/wishlist/updatedescription",
    request: (f) => ({ body: { Id: f.Id, Description: f.Description ?? "" } }),
  }),
  quantity: form({
    endpoint: "POST /catalog/wishlist/updatequantity",
    request: (f) => ({ body: { Id: f.Id, Quantity: f.Quantity } }),
  }),
  remove: form({
    endpoint: "DELETE /catalog/wishlist/deletefromlist",
    request: (f) => ({ body: { Id: f.Id } }),
  }),
  delete: form({
    endpoint: "POST /catalog/wishlist/delete",
    request: (f) => ({ body: { Id: f.Id } }),
  }),
  "order-all": form({
    endpoint: "POST /catalog/products/addwishlisttocart",
    request: (f, items) => ({ body: { WishlistId: f.Id, Items: items } }),
  }),
};

export type WishlistFormName = keyof typeof WISHLIST_FORMS;

export const isWishlistForm = (name: string | undefined): name is WishlistFormName =>
  name !== undefined && Object.hasOwn(WISHLIST_FORMS, name);
