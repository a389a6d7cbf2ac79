import { db, type Executor } from "~/server/db/client";

/** Her saved carts and their lines (issue 36: a shopper's own data). */
export async function cartPersonalData(customerId: number) {
  const carts = await db()
    .selectFrom("carts")
    .select(["id", "created_at", "updated_at", "vat_number", "pickup_point"])
    .where("customer_id", "=", customerId)
    .orderBy("id")
    .execute();
  const lines = carts.length
    ? await db()
        .selectFrom("cart_lines")
        .select(["cart_id", "variant_id", "quantity"])
        .where(
          "cart_id",
          "in",
          carts.map((c) => c.id),
        )
        .execute()
    : [];
  return carts.map((cart) => ({ ...cart, lines: lines.filter((line) => line.cart_id === cart.id) }));
}

/** Her carts go with her account. */
export async function eraseCarts(trx: Executor, customerId: number): Promise<void> {
  const carts = trx.selectFrom("carts").select("id").where("customer_id", "=", customerId);
  await trx.deleteFrom("cart_lines").where("cart_id", "in", carts).execute();
  await trx.deleteFrom("carts").where("customer_id", "=", customerId).execute();
}
