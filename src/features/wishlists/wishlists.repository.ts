import type { Executor } from "~/server/db/client";

export function listsOf(ex: Executor, customerId: number) {
  return ex
    .selectFrom("wishlists")
    .select(["id", "name", "description"])
    .where("customer_id", "=", customerId)
    .orderBy("id")
    .execute();
}

/** One of the customer's own lists (another's is not found). */
export function ownList(ex: Executor, customerId: number, id: number) {
  return ex
    .selectFrom("wishlists")
    .select(["id", "name", "description"])
    .where("id", "=", id)
    .where("customer_id", "=", customerId)
    .executeTakeFirst();
}

export async function insertList(ex: Executor, customerId: number, name: string): Promise<number> {
  const row = await ex
    .insertInto("wishlists")
    .values({ customer_id: customerId, name, description: "", created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A variant that may be wished for: its product is for sale; with its quantity rules and tracking names. */
export function wishableVariant(ex: Executor, variantId: number) {
  return ex
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .select(["v.id", "v.sku", "v.min_quantity", "v.max_quantity", "v.step_quantity"])
    .where("v.id", "=", variantId)
    .where("p.is_active", "=", 1)
    .executeTakeFirst();
}

/** Adds a quantity of a variant to a list, or more of it when it is there already. */
export async function addItem(ex: Executor, listId: number, variantId: number, quantity: number): Promise<void> {
  await ex
    .insertInto("wishlist_items")
    .values({ wishlist_id: listId, variant_id: variantId, quantity, created_at: new Date().toISOString() })
    .onConflict((oc) =>
      oc
        .columns(["wishlist_id", "variant_id"])
        .doUpdateSet((eb) => ({ quantity: eb("wishlist_items.quantity", "+", quantity) })),
    )
    .execute();
}

/** An item of one of the customer's lists (another's is not found). */
export function ownItem(ex: Executor, customerId: number, itemId: number) {
  return ex
    .selectFrom("wishlist_items as i")
    .innerJoin("wishlists as w", "w.id", "i.wishlist_id")
    .innerJoin("product_variants as v", "v.id", "i.variant_id")
    .select([
      "i.id",
      "i.wishlist_id",
      "i.variant_id",
      "i.quantity",
      "v.min_quantity",
      "v.max_quantity",
      "v.step_quantity",
    ])
    .where("i.id", "=", itemId)
    .where("w.customer_id", "=", customerId)
    .executeTakeFirst();
}

export async function setItemQuantity(ex: Executor, itemId: number, quantity: number): Promise<void> {
  await ex.updateTable("wishlist_items").set({ quantity }).where("id", "=", itemId).execute();
}

/** Removes items of the customer's lists; answers how many went. */
export async function deleteItems(
  ex: Executor,
  customerId: number,
  where: { itemId?: number; variantId?: number; listId?: number },
): Promise<number> {
  const lists = ex.selectFrom("wishlists").select("id").where("customer_id", "=", customerId);
  let query = ex.deleteFrom("wishlist_items").where("wishlist_id", "in", lists);
  if (where.itemId !== undefined) query = query.where("id", "=", where.itemId);
  if (where.variantId !== undefined) query = query.where("variant_id", "=", where.variantId);
  if (where.listId !== undefined) query = query.where("wishlist_id", "=", where.listId);
  return Number((await query.executeTakeFirst()).numDeletedRows);
}

export async function deleteList(ex: Executor, customerId: number, listId: number): Promise<boolean> {
  await ex
    .deleteFrom("wishlist_items")
    .where(
      "wishlist_id",
      "in",
      ex.selectFrom("wishlists").select("id").where("id", "=", listId).where("customer_id", "=", customerId),
    )
    .execute();
  const result = await ex
    .deleteFrom("wishlists")
    .where("id", "=", listId)
    .where("customer_id", "=", customerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function updateList(
  ex: Executor,
  customerId: number,
  listId: number,
  changes: { name?: string; description?: string },
): Promise<boolean> {
  const result = await ex
    .updateTable("wishlists")
    .set(changes)
    .where("id", "=", listId)
    .where("customer_id", "=", customerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many products the customer's lists hold (distinct variants across lists). */
export async function productCount(ex: Executor, customerId: number): Promise<number> {
  const row = await ex
    .selectFrom("wishlist_items as i")
    .innerJoin("wishlists as w", "w.id", "i.wishlist_id")
    .select((eb) => eb.fn.count<number | string>("i.variant_id").distinct().as("n"))
    .where("w.customer_id", "=", customerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function isInList(ex: Executor, customerId: number, variantId: number, listId?: number): Promise<boolean> {
  let query = ex
    .selectFrom("wishlist_items as i")
    .innerJoin("wishlists as w", "w.id", "i.wishlist_id")
    .select("i.id")
    .where("w.customer_id", "=", customerId)
    .where("i.variant_id", "=", variantId);
  if (listId !== undefined) query = query.where("w.id", "=", listId);
  return Boolean(await query.executeTakeFirst());
}

/** The customer's lists with how many items each holds, oldest first (the first is the default). */
export function listsWithCounts(ex: Executor, customerId: number) {
  return ex
    .selectFrom("wishlists as w")
    .leftJoin("wishlist_items as i", "i.wishlist_id", "w.id")
    .select(["w.id", "w.name", "w.description", (eb) => eb.fn.count<number | string>("i.id").as("items")])
    .where("w.customer_id", "=", customerId)
    .groupBy(["w.id", "w.name", "w.description"])
    .orderBy("w.id")
    .execute();
}

/** A list's items, in the order they were added. */
export function itemsOf(ex: Executor, listId: number) {
  return ex
    .selectFrom("wishlist_items")
    .select(["id", "variant_id", "quantity"])
    .where("wishlist_id", "=", listId)
    .orderBy("id")
    .execute();
}

/** Every variant the customer keeps in any list (hearts on cards and product pages). */
export async function wishedVariantIds(ex: Executor, customerId: number): Promise<number[]> {
  const rows = await ex
    .selectFrom("wishlist_items as i")
    .innerJoin("wishlists as w", "w.id", "i.wishlist_id")
    .select("i.variant_id")
    .distinct()
    .where("w.customer_id", "=", customerId)
    .execute();
  return rows.map((r) => r.variant_id);
}
