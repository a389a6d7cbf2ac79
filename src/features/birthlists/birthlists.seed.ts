import type { SeedContext } from "~/server/db/seed/seeder";
import { DAY } from "~/server/db/seed/seeder";

/**
 * Marie's birth list (README): five products, two of them priorities, and gifts already given by two
 * relatives. Products are picked by position, not by the seed's random numbers.
 */
export async function seedBirthLists(ctx: SeedContext): Promise<void> {
  const { db } = ctx.handle;
  const at = ctx.now.toISOString();
  const marie = await db
    .selectFrom("customers")
    .select("id")
    .where("email", "=", "marie@vitrine.test")
    .executeTakeFirst();
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
  if (!marie || variants.length < 5) return;
  const dueDate = new Date(ctx.now.getTime() + 75 * DAY).toISOString().slice(0, 10);
  const list = await db
    .insertInto("birth_lists")
    .values({
      customer_id: marie.id,
      name: "Naissance de Léo",
      description: "",
      parents: "Marie et Paul Dubois",
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
          created_at: new Date(ctx.now.getTime() - 3 * DAY).toISOString(),
        })
        .execute();
  }
}
