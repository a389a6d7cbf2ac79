import { addToCart, cartSummary } from "~/features/cart/cart.server";
import { variantSummaries } from "~/features/catalog/catalog.server";
import { correctQuantity } from "~/features/catalog/product/quantity";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { db, type Executor } from "~/server/db/client";
import { ApiError, errorBody, isFormRefusal } from "~/server/http/errors";
import type { Session } from "~/server/session/session";
import { BIRTH_LIST_SEARCH_MIN } from "./birthlists";
import {
  addItem,
  countGiven,
  deleteItem,
  deleteList,
  giftsOf,
  insertGift,
  insertList,
  itemById,
  itemsOf,
  listById,
  listsOf,
  productCount,
  searchLists,
  setItem,
  uncreditedGiftLines,
  updateList,
} from "./birthlists.repository";

const rulesOf = (v: { min_quantity: number; max_quantity: number | null; step_quantity: number }) => ({
  min: v.min_quantity,
  max: v.max_quantity,
  step: v.step_quantity,
});

export const birthListPath = (culture: Culture, listId: number) => `/${culture}/birthlists/birthlist/list/${listId}`;

async function ownList(customerId: number, listId: number) {
  const list = await listById(db(), listId);
  // Another customer's list is not found (404), as if it did not exist.
  if (!list || list.customer_id !== customerId) throw new ApiError("NotFound", { BirthListId: [] });
  return list;
}

async function ownItem(customerId: number, itemId: number) {
  const item = await itemById(db(), itemId);
  if (!item || item.customer_id !== customerId) throw new ApiError("NotFound", { Id: [] });
  return item;
}

/** The customer's birth lists (the add dialog's choices and their page). */
export async function myBirthLists(customerId: number) {
  return (await listsOf(db(), customerId)).map((l) => ({
    Id: l.id,
    Name: l.name,
    Parents: l.parents,
    DueDate: l.due_date,
    ItemsCount: Number(l.items),
  }));
}

export async function createBirthList(
  customerId: number,
  culture: Culture,
  info: { Name: string; Parents: string; DueDate: string | null; Message: string },
) {
  const id = await insertList(
    db(),
    customerId,
    { name: info.Name, parents: info.Parents, dueDate: info.DueDate, message: info.Message },
    new Date().toISOString(),
  );
  return { BirthListId: id, Uri: birthListPath(culture, id) };
}

/** Adds a variant to one of the customer's lists; answers the spec's `{ Message, BirthListId, ListName, BirthListItemId }`. */
export async function addToBirthList(
  customerId: number,
  culture: Culture,
  input: { ProductVariantId: number; Quantity: number; BirthListId: number },
) {
  const list = await ownList(customerId, input.BirthListId);
  const variant = (await variantSummaries(culture, [input.ProductVariantId])).get(input.ProductVariantId);
  if (!variant?.isActive) throw new ApiError("ProductVariantNotFound", { ProductVariantId: [] });
  const rules = { min: variant.minQuantity, max: variant.maxQuantity, step: variant.stepQuantity };
  const quantity = correctQuantity(input.Quantity, rules) ?? variant.minQuantity;
  const item = await addItem(db(), list.id, variant.variantId, quantity, new Date().toISOString());
  return {
    Message: translator(culture)("BirthList.Added", { name: variant.name, list: list.name }),
    BirthListId: list.id,
    ListName: list.name,
    BirthListItemId: item.id,
  };
}

export async function removeBirthListItem(customerId: number, itemId: number): Promise<void> {
  await deleteItem(db(), (await ownItem(customerId, itemId)).id);
}

export async function removeBirthList(customerId: number, culture: Culture, listId: number): Promise<string> {
  if (!(await deleteList(db(), customerId, listId))) throw new ApiError("NotFound");
  return `/${culture}/birthlists/birthlist/mine`;
}

export async function setPriority(customerId: number, itemId: number, isPriority: boolean) {
  const item = await ownItem(customerId, itemId);
  await setItem(db(), item.id, { is_priority: isPriority ? 1 : 0 });
  return { IsSuccessfull: true, BirthListItemId: item.id, IsPriority: isPriority };
}

/** The wanted quantity, made positive and fitted to the catalogue's rules (spec 001). */
export async function updateWantedQuantity(customerId: number, itemId: number, requested: number) {
  const item = await ownItem(customerId, itemId);
  const quantity = correctQuantity(Math.max(1, Math.abs(requested)), rulesOf(item)) ?? item.min_quantity;
  await setItem(db(), item.id, { quantity });
  return { IsSuccessfull: true, BirthListItemId: item.id, Quantity: quantity };
}

export async function updateBirthList(
  customerId: number,
  listId: number,
  changes: Partial<{ name: string; description: string; parents: string; due_date: string | null; message: string }>,
): Promise<void> {
  if (!(await updateList(db(), customerId, listId, changes))) throw new ApiError("NotFound");
}

export function birthListCount(customerId: number) {
  return productCount(db(), customerId);
}

export type BirthListView = NonNullable<Awaited<ReturnType<typeof birthListPage>>>;

/**
 * A birth list as its page shows it: to its owner with everything (and who gave what once paid), to
 * anyone else with the link the wanted and given quantities and what is left to give. Priority first.
 */
export async function birthListPage(culture: Culture, listId: number, viewerId: number | null) {
  const list = await listById(db(), listId);
  if (!list) return null;
  const isOwner = viewerId !== null && viewerId === list.customer_id;
  const items = await itemsOf(db(), list.id);
  const summaries = await variantSummaries(
    culture,
    items.map((i) => i.variant_id),
  );
  const gifts = isOwner ? await giftsOf(db(), list.id) : [];
  return {
    list: {
      Id: list.id,
      Name: list.name,
      Description: list.description,
      Parents: list.parents,
      DueDate: list.due_date,
      Message: list.message,
    },
    isOwner,
    items: items.flatMap((item) => {
      const variant = summaries.get(item.variant_id);
      if (!variant) return [];
      return [
        {
          id: item.id,
          quantity: item.quantity,
          given: item.given_quantity,
          remaining: Math.max(0, item.quantity - item.given_quantity),
          isPriority: item.is_priority === 1,
          variant,
          gifts: gifts
            .filter((g) => g.item_id === item.id)
            .map((g) => ({
              giver: g.giver_name,
              quantity: g.quantity + g.over_quantity,
              over: g.over_quantity,
              at: g.created_at,
            })),
        },
      ];
    }),
  };
}

/** Visitors find a list by the parents' names (or its title); too short a query finds nothing. */
export async function searchBirthLists(query: string) {
  const q = query.trim();
  if (q.length < BIRTH_LIST_SEARCH_MIN) return [];
  return (await searchLists(db(), q)).map((l) => ({ Id: l.id, Name: l.name, Parents: l.parents, DueDate: l.due_date }));
}

/**
 * A gift-giver puts units of a list's item into their cart: no account needed, under the cart's rules,
 * and never more than is left to give (the refusal says how many are left).
 */
export async function giftToCart(
  session: Session,
  culture: Culture,
  input: { BirthListItemId: number; Quantity: number },
) {
  const item = await itemById(db(), input.BirthListItemId);
  if (!item) throw new ApiError("NotFound", { BirthListItemId: [] });
  const remaining = item.quantity - item.given_quantity;
  const t = translator(culture);
  if (remaining <= 0) throw new ApiError("BirthListItemGiven", { Quantity: [t("BirthList.AllGiven")] });
  if (input.Quantity > remaining)
    throw new ApiError("BirthListItemGiven", { Quantity: [t("BirthList.OnlyLeft", { count: remaining })] });
  return addToCart(session, culture, {
    ProductVariantId: item.variant_id,
    Quantity: input.Quantity,
    ItemOrigin: "BirthList",
    ItemKey: String(item.id),
  });
}

/**
 * Order all, for the list's owner (the wishlist page's feature): what is left of each product goes to
 * the cart as gifts of the list, under the cart's rules; each line says whether it went, and why not.
 */
export async function addBirthListToCart(session: Session, culture: Culture, listId: number) {
  const customerId = session.customerId;
  if (customerId === null || customerId === undefined) throw new ApiError("Unauthorized");
  await ownList(customerId, listId);
  const lines: { variantId: number; qty: number; Added: boolean; Message: string }[] = [];
  for (const item of await itemsOf(db(), listId)) {
    const qty = item.quantity - item.given_quantity;
    if (qty <= 0) continue;
    try {
      const result = await giftToCart(session, culture, { BirthListItemId: item.id, Quantity: qty });
      lines.push({ variantId: item.variant_id, qty, Added: true, Message: result.Message });
    } catch (error) {
      if (!isFormRefusal(error)) throw error;
      const body = errorBody(error, culture);
      lines.push({ variantId: item.variant_id, qty, Added: false, Message: body.Errors.Quantity?.[0] ?? body.Message });
    }
  }
  return { Lines: lines, AddedCount: lines.filter((l) => l.Added).length, Cart: await cartSummary(session, culture) };
}

/**
 * Credits the birth-list gifts of an order being paid, inside the transaction that marks it paid (so
 * exactly once: each order line is recorded once). Units beyond what was still wanted (two givers
 * paying for the last one at once) are recorded on the gift as over the wish, so the owner is told.
 */
export async function creditBirthListGifts(trx: Executor, orderId: number): Promise<void> {
  const at = new Date().toISOString();
  for (const line of await uncreditedGiftLines(trx, orderId)) {
    if (line.birth_list_item_id === null || line.variant_id !== line.wanted_variant) continue;
    const counted = await countGiven(trx, line.birth_list_item_id, line.quantity);
    await insertGift(trx, {
      itemId: line.birth_list_item_id,
      orderLineId: line.id,
      giver: giverName(line.billing_address),
      quantity: counted,
      over: line.quantity - counted,
      at,
    });
  }
}

function giverName(billingAddress: string): string {
  try {
    const address = JSON.parse(billingAddress) as { FirstName?: string; LastName?: string; Company?: string };
    return [address.FirstName, address.LastName].filter(Boolean).join(" ") || address.Company || "";
  } catch {
    return "";
  }
}
