import { addManyToCart } from "~/features/cart/cart.server";
import { variantSummaries } from "~/features/catalog/catalog.server";
import { correctQuantity } from "~/features/catalog/product/quantity";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { db } from "~/server/db/client";
import { ApiError, errorBody } from "~/server/http/errors";
import type { Session } from "~/server/session/session";
import {
  addItem,
  deleteItems,
  deleteList,
  insertList,
  isInList,
  itemsOf,
  listsOf,
  listsWithCounts,
  ownItem,
  ownList,
  productCount,
  setItemQuantity,
  updateList,
  wishableVariant,
  wishedVariantIds,
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

/** The customer's lists for the add dialog and the wishlist navigation: Id, Name, ItemsCount. */
export async function wishlistChoices(customerId: number) {
  return (await listsWithCounts(db(), customerId)).map((l) => ({
    Id: l.id,
    Name: l.name,
    Description: l.description,
    ItemsCount: Number(l.items),
  }));
}

export type WishlistChoice = Awaited<ReturnType<typeof wishlistChoices>>[number];

/**
 * The wishlist page: the customer's lists, and the chosen one (the first when none is asked) with its
 * items priced for the shopper's country. Another customer's list is not found.
 */
export async function wishlistPage(customerId: number, culture: Culture, listId: number | null) {
  const lists = await wishlistChoices(customerId);
  if (listId !== null && !lists.some((l) => l.Id === listId)) return null;
  const active = lists.find((l) => l.Id === listId) ?? lists[0] ?? null;
  if (!active) return { lists, active: null, items: [] };
  const items = await itemsOf(db(), active.Id);
  const summaries = await variantSummaries(
    culture,
    items.map((i) => i.variant_id),
  );
  return {
    lists,
    active,
    items: items.flatMap((item) => {
      const variant = summaries.get(item.variant_id);
      return variant ? [{ id: item.id, quantity: item.quantity, variant }] : [];
    }),
  };
}

export type WishlistPage = NonNullable<Awaited<ReturnType<typeof wishlistPage>>>;

/** Variants the customer keeps in a list (an empty list for a guest). */
export async function wishedVariants(customerId: number | null): Promise<number[]> {
  return customerId === null ? [] : wishedVariantIds(db(), customerId);
}

export interface OrderAllLine {
  variantId: number;
  qty: number;
  Added: boolean;
  Message: string;
}

/**
 * Order all (spec 001): each item of the list goes to the cart under the cart's own rules (quantity,
 * stock); what cannot be added is reported on its line, and the rest is added all the same. Items not
 * in the list are refused on their line.
 */
export async function addWishlistToCart(
  session: Session,
  culture: Culture,
  input: { WishlistId: number; Items: { variantId: number; qty: number }[] },
) {
  const customerId = session.customerId;
  if (customerId === null || customerId === undefined) throw new ApiError("Unauthorized");
  if (!(await ownList(db(), customerId, input.WishlistId))) throw new ApiError("NotFound", { WishlistId: [] });
  const held = await itemsOf(db(), input.WishlistId);
  const wanted = input.Items.length > 0 ? input.Items : held.map((i) => ({ variantId: i.variant_id, qty: i.quantity }));
  const inList = wanted.filter((item) => held.some((h) => h.variant_id === item.variantId));
  const { results, Cart } = await addManyToCart(
    session,
    culture,
    inList.map((item) => ({
      ProductVariantId: item.variantId,
      Quantity: item.qty,
      ItemOrigin: "Wishlist",
      ItemKey: String(input.WishlistId),
    })),
  );
  const notFound = errorBody(new ApiError("NotFound"), culture).Message;
  const lines: OrderAllLine[] = wanted.map((item) => {
    const at = inList.indexOf(item);
    const result = at >= 0 ? results[at] : undefined;
    return result ? { ...item, ...result } : { ...item, Added: false, Message: notFound };
  });
  return { Lines: lines, AddedCount: lines.filter((l) => l.Added).length, Cart };
}

/** The add dialog's form (spec 001 fields: List, product-variant-id, and the existing-or-new choice). */
export function addFormInput(values: Record<string, string>) {
  const isNew = values.Choice === "new" || !values.List;
  return {
    ProductVariantId: values["product-variant-id"] ?? values.ProductVariantId,
    Quantity: values.Quantity || undefined,
    ...(isNew ? { Name: values.Name ?? "" } : { WishlistId: values.List }),
  };
}

/** The product the add dialog is about (its name and photo), or null when it cannot be wished for. */
export async function wishableProduct(culture: Culture, variantId: number) {
  const variant = (await variantSummaries(culture, [variantId])).get(variantId);
  return variant?.isActive ? variant : null;
}

const wishedPerRequest = new WeakMap<Session, Promise<Set<number>>>();

/** The variants the shopper keeps in a list, asked once per request however many hearts the page shows. */
export function wishedSet(session: Session): Promise<Set<number>> {
  let wished = wishedPerRequest.get(session);
  if (!wished) {
    wished = wishedVariants(session.customerId ?? null).then((ids) => new Set(ids));
    wishedPerRequest.set(session, wished);
  }
  return wished;
}
