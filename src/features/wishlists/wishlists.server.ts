import type { Culture } from "../../lib/culture";
import { translator } from "../../lib/i18n";
import { db } from "../../server/db/client";
import { ApiError } from "../../server/http/errors";
import { correctQuantity } from "../catalog/product/quantity";
import {
  addItem,
  deleteItems,
  deleteList,
  insertList,
  isInList,
  listsOf,
  ownItem,
  ownList,
  productCount,
  setItemQuantity,
  updateList,
  wishableVariant,
} from "./wishlists.repository";

const rulesOf = (v: { min_quantity: number; max_quantity: number | null; step_quantity: number }) => ({
  min: v.min_quantity,
  max: v.max_quantity,
  step: v.step_quantity,
});

/**
 * Adds a variant to one of the customer's lists, or to a new list (the dialog's existing-or-new
 * toggle), its quantity set to the catalogue's rules. Answers the spec's `{ Message, DataLayer, WishlistId }`.
 */
export async function addToWishlist(
  customerId: number,
  culture: Culture,
  input: { ProductVariantId: number; Quantity: number; WishlistId?: number | undefined; Name?: string | undefined },
) {
  const t = translator(culture);
  const variant = await wishableVariant(db(), input.ProductVariantId);
  if (!variant) throw new ApiError("ProductVariantNotFound", { ProductVariantId: [] });
  const quantity = correctQuantity(input.Quantity, rulesOf(variant)) ?? variant.min_quantity;
  const listId = await db()
    .transaction()
    .execute(async (trx) => {
      let id = input.WishlistId;
      if (id !== undefined) {
        if (!(await ownList(trx, customerId, id))) throw new ApiError("NotFound", { WishlistId: [] });
      } else {
        id = await insertList(trx, customerId, input.Name ?? t("Wishlist.DefaultName"));
      }
      await addItem(trx, id, variant.id, quantity);
      return id;
    });
  return {
    Message: t("Wishlist.Added"),
    DataLayer: {
      event: "add_to_wishlist",
      ecommerce: { currency: "EUR", items: [{ item_id: variant.sku, quantity }] },
    },
    WishlistId: listId,
  };
}

export function wishlists(customerId: number) {
  return listsOf(db(), customerId);
}

/** A line's quantity, made positive and fitted to the catalogue's rules (spec 001). */
export async function updateItemQuantity(customerId: number, itemId: number, requested: number) {
  const item = await ownItem(db(), customerId, itemId);
  if (!item) throw new ApiError("NotFound");
  const quantity = correctQuantity(Math.max(1, Math.abs(requested)), rulesOf(item)) ?? item.min_quantity;
  await setItemQuantity(db(), item.id, quantity);
  return { IsSuccessfull: true, WishlistProductId: item.id, Quantity: quantity };
}

export async function removeItems(customerId: number, where: { itemId?: number; variantId?: number; listId?: number }) {
  if (where.listId !== undefined && !(await ownList(db(), customerId, where.listId))) throw new ApiError("NotFound");
  if ((await deleteItems(db(), customerId, where)) === 0) throw new ApiError("NotFound");
}

/** Deletes one of the customer's lists; answers where to go next (the wishlist page). */
export async function removeList(customerId: number, culture: Culture, listId: number): Promise<string> {
  if (!(await deleteList(db(), customerId, listId))) throw new ApiError("NotFound");
  return `/${culture}/catalog/wishlist/list`;
}

export async function renameList(customerId: number, listId: number, changes: { name?: string; description?: string }) {
  if (!(await updateList(db(), customerId, listId, changes))) throw new ApiError("NotFound");
}

export function wishlistCount(customerId: number) {
  return productCount(db(), customerId);
}

export function variantIsInList(customerId: number, variantId: number, listId?: number) {
  return isInList(db(), customerId, variantId, listId);
}
