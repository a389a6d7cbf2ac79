import { sql } from "kysely";
import type { Executor } from "~/server/db/client";
import { BIRTH_LIST_SEARCH_LIMIT } from "./birthlists";

const LIST_COLUMNS = ["id", "customer_id", "name", "description", "parents", "due_date", "message"] as const;

/** A list, unless its owner deleted it (an archived list is nobody's to see). */
export function listById(ex: Executor, listId: number) {
  return ex
    .selectFrom("birth_lists")
    .select(LIST_COLUMNS)
    .where("id", "=", listId)
    .where("archived_at", "is", null)
    .executeTakeFirst();
}

export function listsOf(ex: Executor, customerId: number) {
  return ex
    .selectFrom("birth_lists as b")
    .leftJoin("birth_list_items as i", (j) => j.onRef("i.birth_list_id", "=", "b.id").on("i.removed_at", "is", null))
    .select(["b.id", "b.name", "b.parents", "b.due_date", (eb) => eb.fn.count<number | string>("i.id").as("items")])
    .where("b.customer_id", "=", customerId)
    .where("b.archived_at", "is", null)
    .groupBy(["b.id", "b.name", "b.parents", "b.due_date"])
    .orderBy("b.id")
    .execute();
}

export async function insertList(
  ex: Executor,
  customerId: number,
  info: { name: string; parents: string; dueDate: string | null; message: string },
  at: string,
): Promise<number> {
  const row = await ex
    .insertInto("birth_lists")
    .values({
      customer_id: customerId,
      name: info.name,
      description: "",
      parents: info.parents,
      due_date: info.dueDate,
      message: info.message,
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateList(
  ex: Executor,
  customerId: number,
  listId: number,
  changes: Partial<{ name: string; description: string; parents: string; due_date: string | null; message: string }>,
): Promise<boolean> {
  const result = await ex
    .updateTable("birth_lists")
    .set(changes)
    .where("id", "=", listId)
    .where("customer_id", "=", customerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes one of the customer's lists; a list that received paid gifts keeps its record (false). */
/**
 * Deletes one of the customer's lists. A list someone ordered gifts from (paid or not yet) is archived
 * instead: its items and gifts stay with those orders, and the list is shown to nobody.
 */
export async function deleteList(ex: Executor, customerId: number, listId: number): Promise<boolean> {
  const list = await ex
    .selectFrom("birth_lists")
    .select("id")
    .where("id", "=", listId)
    .where("customer_id", "=", customerId)
    .where("archived_at", "is", null)
    .executeTakeFirst();
  if (!list) return false;
  const items = (
    await ex.selectFrom("birth_list_items").select("id").where("birth_list_id", "=", listId).execute()
  ).map((item) => item.id);
  if (await ordered(ex, items)) {
    await ex
      .updateTable("birth_lists")
      .set({ archived_at: new Date().toISOString() })
      .where("id", "=", listId)
      .execute();
    return true;
  }
  await ex.deleteFrom("birth_list_items").where("birth_list_id", "=", listId).execute();
  await ex.deleteFrom("birth_lists").where("id", "=", listId).execute();
  return true;
}

/** Whether any order line was bought for one of these items (a gift, paid or awaiting payment). */
async function ordered(ex: Executor, itemIds: readonly number[]): Promise<boolean> {
  if (itemIds.length === 0) return false;
  const [gift, line] = await Promise.all([
    ex.selectFrom("birth_list_gifts").select("id").where("item_id", "in", itemIds).limit(1).executeTakeFirst(),
    ex.selectFrom("order_lines").select("id").where("birth_list_item_id", "in", itemIds).limit(1).executeTakeFirst(),
  ]);
  return gift !== undefined || line !== undefined;
}

/** A list's items, priority first, then in the order they were added. */
export function itemsOf(ex: Executor, listId: number) {
  return ex
    .selectFrom("birth_list_items")
    .select(["id", "variant_id", "quantity", "given_quantity", "is_priority"])
    .where("birth_list_id", "=", listId)
    .where("removed_at", "is", null)
    .orderBy("is_priority", "desc")
    .orderBy("id")
    .execute();
}

/** Adds a wanted quantity of a variant to a list, or more of it when it is there already; answers the item. */
export async function addItem(ex: Executor, listId: number, variantId: number, quantity: number, at: string) {
  await ex
    .insertInto("birth_list_items")
    .values({ birth_list_id: listId, variant_id: variantId, quantity, created_at: at })
    .onConflict((oc) =>
      oc
        .columns(["birth_list_id", "variant_id"])
        // A removed item comes back with the quantity asked now; one on the list gets more.
        .doUpdateSet((eb) => ({
          quantity: eb
            .case()
            .when("birth_list_items.removed_at", "is", null)
            .then(eb("birth_list_items.quantity", "+", quantity))
            .else(quantity)
            .end(),
          removed_at: null,
        })),
    )
    .execute();
  return ex
    .selectFrom("birth_list_items")
    .select(["id", "quantity"])
    .where("birth_list_id", "=", listId)
    .where("variant_id", "=", variantId)
    .executeTakeFirstOrThrow();
}

/** An item with its list's owner and the variant's quantity rules (anyone's: the caller checks). */
export function itemById(ex: Executor, itemId: number) {
  return ex
    .selectFrom("birth_list_items as i")
    .innerJoin("birth_lists as b", "b.id", "i.birth_list_id")
    .innerJoin("product_variants as v", "v.id", "i.variant_id")
    .select([
      "i.id",
      "i.birth_list_id",
      "i.variant_id",
      "i.quantity",
      "i.given_quantity",
      "b.customer_id",
      "v.min_quantity",
      "v.max_quantity",
      "v.step_quantity",
    ])
    .where("i.id", "=", itemId)
    .where("i.removed_at", "is", null)
    .where("b.archived_at", "is", null)
    .executeTakeFirst();
}

export async function setItem(
  ex: Executor,
  itemId: number,
  changes: Partial<{ quantity: number; is_priority: number }>,
): Promise<void> {
  await ex.updateTable("birth_list_items").set(changes).where("id", "=", itemId).execute();
}

/** Removes an item: one someone ordered as a gift is kept, marked removed, with its gifts. */
export async function deleteItem(ex: Executor, itemId: number): Promise<void> {
  if (await ordered(ex, [itemId]))
    await ex
      .updateTable("birth_list_items")
      .set({ removed_at: new Date().toISOString() })
      .where("id", "=", itemId)
      .execute();
  else await ex.deleteFrom("birth_list_items").where("id", "=", itemId).execute();
}

/** How many products the customer's birth lists hold. */
export async function productCount(ex: Executor, customerId: number): Promise<number> {
  const row = await ex
    .selectFrom("birth_list_items as i")
    .innerJoin("birth_lists as b", "b.id", "i.birth_list_id")
    .select((eb) => eb.fn.count<number | string>("i.id").as("n"))
    .where("b.customer_id", "=", customerId)
    .where("b.archived_at", "is", null)
    .where("i.removed_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Lists whose parents' names or title contain the words searched (case-insensitive), newest first. */
export function searchLists(ex: Executor, query: string) {
  const pattern = `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return ex
    .selectFrom("birth_lists")
    .select(["id", "name", "parents", "due_date"])
    .where("archived_at", "is", null)
    .where((eb) =>
      eb.or([
        eb(sql`lower(parents)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(name)`, "like", sql`${pattern} escape '\\'`),
      ]),
    )
    .orderBy("id", "desc")
    .limit(BIRTH_LIST_SEARCH_LIMIT)
    .execute();
}

/** The paid gifts of a list (its owner sees who gave what). */
export function giftsOf(ex: Executor, listId: number) {
  return ex
    .selectFrom("birth_list_gifts as g")
    .innerJoin("birth_list_items as i", "i.id", "g.item_id")
    .select(["g.id", "g.item_id", "i.variant_id", "g.giver_name", "g.quantity", "g.over_quantity", "g.created_at"])
    .where("i.birth_list_id", "=", listId)
    .orderBy("g.id")
    .execute();
}

/** The gift lines of an order not credited yet, with the billing name of the giver. */
export function uncreditedGiftLines(ex: Executor, orderId: number) {
  return ex
    .selectFrom("order_lines as l")
    .innerJoin("orders as o", "o.id", "l.order_id")
    .innerJoin("birth_list_items as i", "i.id", "l.birth_list_item_id")
    .leftJoin("birth_list_gifts as g", "g.order_line_id", "l.id")
    .select([
      "l.id",
      "l.birth_list_item_id",
      "l.variant_id",
      "l.quantity",
      "o.billing_address",
      "i.variant_id as wanted_variant",
    ])
    .where("l.order_id", "=", orderId)
    .where("g.id", "is", null)
    .execute();
}

/**
 * Counts `units` given on an item, never above what was wanted: a compare-and-set on the given
 * quantity, so parallel payments each see the other's units. Answers how many were counted.
 */
export async function countGiven(ex: Executor, itemId: number, units: number): Promise<number> {
  for (;;) {
    const item = await ex
      .selectFrom("birth_list_items")
      .select(["quantity", "given_quantity"])
      .where("id", "=", itemId)
      .executeTakeFirst();
    if (!item) return 0;
    const counted = Math.max(0, Math.min(units, item.quantity - item.given_quantity));
    if (counted === 0) return 0;
    const result = await ex
      .updateTable("birth_list_items")
      .set({ given_quantity: item.given_quantity + counted })
      .where("id", "=", itemId)
      .where("given_quantity", "=", item.given_quantity)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return counted;
  }
}

export async function insertGift(
  ex: Executor,
  gift: { itemId: number; orderLineId: number | null; giver: string; quantity: number; over: number; at: string },
): Promise<void> {
  await ex
    .insertInto("birth_list_gifts")
    .values({
      item_id: gift.itemId,
      order_line_id: gift.orderLineId,
      giver_name: gift.giver,
      quantity: gift.quantity,
      over_quantity: gift.over,
      created_at: gift.at,
    })
    .execute();
}
