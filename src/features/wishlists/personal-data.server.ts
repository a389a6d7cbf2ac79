import { db, type Executor } from "~/server/db/client";

/** Her wish lists and what is on them (issue 36: a shopper's own data). */
export async function wishlistPersonalData(customerId: number) {
  const lists = await db()
    .selectFrom("wishlists")
    .select(["id", "name", "description", "created_at"])
    .where("customer_id", "=", customerId)
    .orderBy("id")
    .execute();
  const items = lists.length
    ? await db()
        .selectFrom("wishlist_items")
        .select(["wishlist_id", "variant_id", "quantity", "created_at"])
        .where(
          "wishlist_id",
          "in",
          lists.map((l) => l.id),
        )
        .orderBy("id")
        .execute()
    : [];
  return lists.map((list) => ({ ...list, items: items.filter((item) => item.wishlist_id === list.id) }));
}

/** Her wish lists go with her account. */
export async function eraseWishlists(trx: Executor, customerId: number): Promise<void> {
  const lists = trx.selectFrom("wishlists").select("id").where("customer_id", "=", customerId);
  await trx.deleteFrom("wishlist_items").where("wishlist_id", "in", lists).execute();
  await trx.deleteFrom("wishlists").where("customer_id", "=", customerId).execute();
}
