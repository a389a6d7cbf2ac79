import { atom, map } from "nanostores";
import { refusalMessage } from "~/shell/request-errors";
import { trackEcommerce } from "~/shell/tag-manager";
import { wishlistApi } from "./wishlists.client";
import { WISHLIST_FORMS, type WishlistFormName } from "./wishlists.forms";

/**
 * What the page knows of the shopper's wishlists: the header's count and, per variant id, whether it
 * is in a list (the hearts on cards and product pages follow it). Null fields: not known yet, the
 * server-rendered HTML stands.
 */
export const $wishlist = map<{ count: number | null; wished: Record<string, boolean> }>({ count: null, wished: {} });

/** The add dialog's request: which variant, and when it was asked (the same variant may be asked again). */
export const $wishlistDialog = atom<{ variantId: number; at: number } | null>(null);

/** DOM events: the dialog is asked for (the modal island hydrates on it), and the lists changed. */
export const WISHLIST_OPEN_EVENT = "wishlist:open";
export const WISHLIST_CHANGED_EVENT = "wishlist:changed";

/** Opens the add dialog for a variant (hearts, quick view, `?openWishlist=`). */
export function openWishlist(variantId: number): void {
  $wishlistDialog.set({ variantId, at: Date.now() });
  document.dispatchEvent(new CustomEvent(WISHLIST_OPEN_EVENT, { detail: { variantId } }));
}

/** Records a change and tells every listener (hearts, the header's count); the count is the server's. */
export async function wishlistChanged(variantId: number, wished: boolean): Promise<void> {
  $wishlist.setKey("wished", { ...$wishlist.get().wished, [variantId]: wished });
  document.dispatchEvent(new CustomEvent(WISHLIST_CHANGED_EVENT, { detail: { variantId, wished } }));
  try {
    $wishlist.setKey("count", await wishlistApi.count());
  } catch {
    // The header keeps its last count.
  }
}

export function wishlistLists() {
  return wishlistApi.lists();
}

export type AddOutcome =
  | { ok: true; message: string; wishlistId: number }
  | { ok: false; message: string; field?: string };

/**
 * Adds the variant to a list (an existing one, or a new one named `name`): the tag is pushed (GA4
 * add_to_wishlist), the variant marked everywhere, the count refreshed. A refusal comes back as its message.
 */
export async function addToWishlist(
  variantId: number,
  target: { listId: number } | { name: string },
): Promise<AddOutcome> {
  try {
    const answer = await wishlistApi.add({
      ProductVariantId: variantId,
      Quantity: 1,
      ...("listId" in target ? { WishlistId: target.listId } : { Name: target.name }),
    });
    trackEcommerce(answer.DataLayer.event, answer.DataLayer.ecommerce);
    void wishlistChanged(variantId, true);
    return { ok: true, message: answer.Message, wishlistId: answer.WishlistId };
  } catch (error) {
    const refusal = refusalMessage(error);
    if (refusal) return { ok: false, ...refusal };
    throw error;
  }
}

/** Learns whether a variant is in any of the shopper's lists (a guest's is in none: no login is asked). */
export async function knowWished(variantId: number): Promise<void> {
  if (variantId in $wishlist.get().wished) return;
  const wished = await wishlistApi.isInList(variantId).catch(() => false);
  $wishlist.setKey("wished", { ...$wishlist.get().wished, [variantId]: wished });
}

/** Whether the variant is already in the chosen list (the dialog says so when the choice changes). */
export async function isInList(variantId: number, listId: number): Promise<boolean> {
  try {
    return await wishlistApi.isInList(variantId, listId);
  } catch {
    return false;
  }
}

export type WishlistActionOutcome = { ok: true; answer: unknown } | { ok: false; message: string };

/** One wishlist page form as its API call (WISHLIST_FORMS); a refusal comes back as its message. */
export async function runWishlistAction(
  action: WishlistFormName,
  fields: Record<string, string>,
  items: { variantId: string; qty: string }[] = [],
): Promise<WishlistActionOutcome> {
  const form = WISHLIST_FORMS[action];
  try {
    const answer: unknown = await wishlistApi.call(form.endpoint, form.request(fields, items) as never, {
      handled: [400, 404, 409, 422],
    });
    if (action === "remove" || action === "delete") {
      const count = await wishlistApi.count().catch(() => null);
      if (count !== null) $wishlist.setKey("count", count);
      document.dispatchEvent(new CustomEvent(WISHLIST_CHANGED_EVENT, { detail: { action } }));
    }
    return { ok: true, answer };
  } catch (error) {
    const refusal = refusalMessage(error);
    if (refusal) return { ok: false, message: refusal.message };
    throw error;
  }
}
