import { db, type Executor } from "~/server/db/client";
import { deleteList } from "./birthlists.repository";

/** Her birth lists, their items and the gifts given (issue 36: a shopper's own data). */
export async function birthListPersonalData(customerId: number) {
  const lists = await db()
    .selectFrom("birth_lists")
    .select(["id", "name", "description", "parents", "due_date", "message", "created_at", "archived_at"])
    .where("customer_id", "=", customerId)
    .orderBy("id")
    .execute();
  const items = lists.length
    ? await db()
        .selectFrom("birth_list_items")
        .select([
          "id",
          "birth_list_id",
          "variant_id",
          "quantity",
          "given_quantity",
          "is_priority",
          "created_at",
          "removed_at",
        ])
        .where(
          "birth_list_id",
          "in",
          lists.map((l) => l.id),
        )
        .orderBy("id")
        .execute()
    : [];
  const gifts = items.length
    ? await db()
        .selectFrom("birth_list_gifts")
        .select(["item_id", "giver_name", "quantity", "created_at"])
        .where(
          "item_id",
          "in",
          items.map((i) => i.id),
        )
        .execute()
    : [];
  return lists.map((list) => ({
    ...list,
    items: items
      .filter((item) => item.birth_list_id === list.id)
      .map((item) => ({ ...item, gifts: gifts.filter((gift) => gift.item_id === item.id) })),
  }));
}

/**
 * Her birth lists go with her account, by the rule of their deletion (a list nobody bought from is
 * deleted, one with gifts ordered is archived, shown to nobody); what stays loses its names and texts.
 */
export async function eraseBirthLists(trx: Executor, customerId: number, now: string): Promise<void> {
  const lists = await trx.selectFrom("birth_lists").select("id").where("customer_id", "=", customerId).execute();
  for (const { id } of lists) await deleteList(trx, customerId, id);
  await trx
    .updateTable("birth_lists")
    .set((eb) => ({
      name: "",
      description: "",
      parents: "",
      message: "",
      due_date: null,
      archived_at: eb.fn.coalesce("archived_at", eb.val(now)),
    }))
    .where("customer_id", "=", customerId)
    .execute();
}
