import type { JoinBuilder } from "kysely";
import type { Culture } from "~/lib/culture";
import type { Executor } from "./client";

/**
 * Query pieces several repositories need, written once: a product's text in a culture, and units in
 * stock over every warehouse (the catalogue shows them, the cart and the stock page check them).
 */

/** Join condition of `product_translations as t` on `products as p` in one culture. */
export const productTextIn =
  (culture: Culture) =>
  // biome-ignore lint/suspicious/noExplicitAny: the join's tables differ per query; the columns are fixed
  <J extends JoinBuilder<any, any>>(join: J): J =>
    join.onRef("t.product_id", "=", "p.id").on("t.culture", "=", culture) as J;

/** Units in stock per variant, over every warehouse (variants without a stock row are absent). */
export function stockByVariant(ex: Executor, variantIds: readonly number[]) {
  return ex
    .selectFrom("stock")
    .select(["variant_id", (eb) => eb.fn.sum<number | string>("quantity").as("units")])
    .where("variant_id", "in", variantIds)
    .groupBy("variant_id")
    .execute();
}

/** Units in stock of one variant, over every warehouse. */
export async function stockOf(ex: Executor, variantId: number): Promise<number> {
  const row = await ex
    .selectFrom("stock")
    .select((eb) => eb.fn.sum<number | string>("quantity").as("units"))
    .where("variant_id", "=", variantId)
    .executeTakeFirst();
  return Number(row?.units ?? 0);
}
