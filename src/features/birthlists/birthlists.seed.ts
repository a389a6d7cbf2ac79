import type { Db } from "~/server/db/client";
import type { SeedContext } from "~/server/db/seed/seeder";
import { DAY } from "~/server/db/seed/seeder";

/** Marie's birth list (README), "Naissance de Léo". */
export async function seedBirthLists(ctx: SeedContext): Promise<void> {
  const marie = await ctx.handle.db
    .selectFrom("customers")
    .select("id")
    .where("email", "=", "marie@vitrine.test")
    .executeTakeFirst();
  if (marie) await giveBirthList(ctx.handle.db, marie.id, ctx.now);
}

/**
 * Gives a customer the demo's birth list: five products, two of them priorities, and gifts already given
 * by two relatives. Products are picked by position, not by random numbers. The browser tests give it to
 * a customer of their own, so they never change Marie's.
 */
export async function giveBirthList(
  db: Db,
  customerId: number,
  now: Date,
  { name, parents } = { name: "Naissance de Léo", parents: "Marie et Paul Dubois" },
): Promise<void> {
  const at = now.toISOString();
  const variants = await db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .innerJoin("stock as s", "s.variant_id", "v.id")
    .select(["v.id", "v.min_quantity", "v.step_quantity"])
    .where("p.is_active", "=", 1)
    .where("v.step_quantity", "=", 1)
    .where("s.quantity", ">", 2)
    .groupBy(["v.id", "v.min_quantity", "v.step_quantity"])
    .orderBy("v.id")
    .execute();
  if (variants.length < 5) return;
  const dueDate = new Date(now.getTime() + 75 * DAY).toISOString().slice(0, 10);
  const list = await db
    .insertInto("birth_lists")
    .values({
      customer_id: customerId,
      name,
      description: "",
      parents,
      due_date: dueDate,
      message: "Merci de tout cœur pour vos attentions !",
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // [position in the catalogue, wanted, given, priority, who gave]
  const wishes: [number, number, number, boolean, string | null][] = [
    [3, 2, 1, true, "Sophie Martin"],
    [11, 1, 0, true, null],
    [19, 1, 1, false, "Jeanne Dubois"],
    [27, 3, 0, false, null],
    [35, 2, 0, false, null],
  ];
  for (const [position, wanted, given, priority, giver] of wishes) {
    const variant = variants[position % variants.length];
    if (!variant) continue;
    const item = await db
      .insertInto("birth_list_items")
      .values({
        birth_list_id: list.id,
        variant_id: variant.id,
        quantity: Math.max(wanted, variant.min_quantity),
        given_quantity: given,
        is_priority: priority ? 1 : 0,
        created_at: at,
      })
      .onConflict((oc) => oc.columns(["birth_list_id", "variant_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (item && giver)
      await db
        .insertInto("birth_list_gifts")
        .values({
          item_id: item.id,
          order_line_id: null,
          giver_name: giver,
          quantity: given,
          over_quantity: 0,
          created_at: new Date(now.getTime() - 3 * DAY).toISOString(),
        })
        .execute();
  }
}
