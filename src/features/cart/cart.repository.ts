import { db } from "../../server/db/client";
import { DEFAULT_SHIPPING_COUNTRY, type PricedLine } from "./cart";

export async function findCartId(by: { customerId: number | null; sessionKey: string | null }): Promise<number | null> {
  if (by.customerId) {
    const row = await db()
      .selectFrom("carts")
      .select("id")
      .where("customer_id", "=", by.customerId)
      .orderBy("updated_at", "desc")
      .executeTakeFirst();
    if (row) return row.id;
  }
  if (by.sessionKey) {
    const row = await db().selectFrom("carts").select("id").where("session_id", "=", by.sessionKey).executeTakeFirst();
    if (row) return row.id;
  }
  return null;
}

/** Lines with their price tiers and the VAT rate of the cart's shipping country (the home country by default). */
export async function pricedLines(cartId: number): Promise<PricedLine[]> {
  const rows = await db()
    .selectFrom("cart_lines as l")
    .innerJoin("product_variants as v", "v.id", "l.variant_id")
    .innerJoin("products as p", "p.id", "v.product_id")
    .innerJoin("carts as c", "c.id", "l.cart_id")
    .leftJoin("countries as sc", "sc.id", "c.shipping_country_id")
    .innerJoin("countries as vc", (join) =>
      join.on((eb) =>
        eb.or([
          eb("vc.id", "=", eb.ref("c.shipping_country_id")),
          eb.and([eb("c.shipping_country_id", "is", null), eb("vc.code", "=", DEFAULT_SHIPPING_COUNTRY)]),
        ]),
      ),
    )
    .innerJoin("vat_rates as r", (join) =>
      join.onRef("r.country_id", "=", "vc.id").onRef("r.vat_class", "=", "p.vat_class"),
    )
    .select(["l.id", "l.variant_id", "l.quantity", "r.rate_basis_points"])
    .where("l.cart_id", "=", cartId)
    .execute();
  if (rows.length === 0) return [];
  const tiers = await db()
    .selectFrom("prices")
    .select(["variant_id", "min_quantity", "amount_tax_excl"])
    .where(
      "variant_id",
      "in",
      rows.map((r) => r.variant_id),
    )
    .execute();
  return rows.map((row) => ({
    quantity: row.quantity,
    vatRateBasisPoints: row.rate_basis_points,
    tiers: tiers
      .filter((t) => t.variant_id === row.variant_id)
      .map((t) => ({ minQuantity: t.min_quantity, amountTaxExcl: t.amount_tax_excl })),
  }));
}

/** Moves an anonymous cart to a signed-in customer, merging into the customer's cart if there is one. */
export async function moveCart(fromSessionKey: string, toSessionKey: string, customerId: number): Promise<void> {
  await db()
    .transaction()
    .execute(async (trx) => {
      const anonymous = await trx
        .selectFrom("carts")
        .select("id")
        .where("session_id", "=", fromSessionKey)
        .executeTakeFirst();
      const own = await trx
        .selectFrom("carts")
        .select("id")
        .where("customer_id", "=", customerId)
        .orderBy("updated_at", "desc")
        .executeTakeFirst();
      const now = new Date().toISOString();
      if (anonymous && own && anonymous.id !== own.id) {
        const lines = await trx.selectFrom("cart_lines").selectAll().where("cart_id", "=", anonymous.id).execute();
        for (const line of lines) {
          const existing = await trx
            .selectFrom("cart_lines")
            .select(["id", "quantity"])
            .where("cart_id", "=", own.id)
            .where("variant_id", "=", line.variant_id)
            .where("item_origin", "=", line.item_origin)
            .where("item_key", "=", line.item_key)
            .executeTakeFirst();
          if (existing) {
            await trx
              .updateTable("cart_lines")
              .set({ quantity: existing.quantity + line.quantity })
              .where("id", "=", existing.id)
              .execute();
            await trx.deleteFrom("cart_lines").where("id", "=", line.id).execute();
          } else {
            await trx.updateTable("cart_lines").set({ cart_id: own.id }).where("id", "=", line.id).execute();
          }
        }
        await trx.deleteFrom("carts").where("id", "=", anonymous.id).execute();
        await trx
          .updateTable("carts")
          .set({ session_id: toSessionKey, updated_at: now })
          .where("id", "=", own.id)
          .execute();
      } else if (anonymous) {
        await trx
          .updateTable("carts")
          .set({ session_id: toSessionKey, customer_id: customerId, updated_at: now })
          .where("id", "=", anonymous.id)
          .execute();
      }
    });
}
