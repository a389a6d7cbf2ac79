import type { Db } from "~/server/db/client";
import type { SeedContext } from "~/server/db/seed/seeder";

const LIST_NAMES: Record<string, [string, string]> = {
  fr: ["Idées cadeaux", "Pour la maison"],
  nl: ["Cadeau-ideeën", "Voor thuis"],
  es: ["Ideas de regalo", "Para casa"],
  de: ["Geschenkideen", "Für zu Hause"],
  it: ["Idee regalo", "Per la casa"],
  pt: ["Ideias de presentes", "Para casa"],
};

/** Two wishlists per demo customer (README), with a few products of the catalogue each. */
export async function seedWishlists(ctx: SeedContext): Promise<void> {
  const customers = await ctx.handle.db.selectFrom("customers").select(["id", "culture"]).orderBy("id").execute();
  for (const [n, customer] of customers.entries()) await giveWishlists(ctx.handle.db, customer, n, ctx.now);
}

/**
 * Gives a customer the demo's two wishlists, named in the customer's language, with three and two
 * products. The products are picked by position (`n` shifts them), not by the seed's random numbers, so
 * the rest of the shop stays as it was. The browser tests give them to a customer of their own.
 */
export async function giveWishlists(
  db: Db,
  customer: { id: number; culture: string },
  n: number,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const variants = await db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .select(["v.id", "v.min_quantity"])
    .where("p.is_active", "=", 1)
    .orderBy("v.id")
    .execute();
  if (variants.length === 0) return;
  const names = LIST_NAMES[customer.culture] ?? LIST_NAMES.fr;
  for (const [k, name] of (names ?? []).entries()) {
    const list = await db
      .insertInto("wishlists")
      .values({ customer_id: customer.id, name, description: "", created_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    const count = k === 0 ? 3 : 2;
    const picked = new Set<number>();
    for (let i = 0; i < count; i++) picked.add((n * 37 + k * 101 + i * 13 + 5) % variants.length);
    for (const index of picked) {
      const variant = variants[index];
      if (!variant) continue;
      await db
        .insertInto("wishlist_items")
        .values({ wishlist_id: list.id, variant_id: variant.id, quantity: variant.min_quantity, created_at: at })
        .execute();
    }
  }
}
