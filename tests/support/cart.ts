import { db } from "../../src/server/db/client";
import { sessionKey } from "../../src/server/session/session";

/** Puts a cart with one line on a session, as the cart issue's add-to-cart will. */
export async function giveSessionCart(sessionId: string, variantId: number, quantity: number): Promise<number> {
  const now = new Date().toISOString();
  const cart = await db()
    .insertInto("carts")
    .values({
      session_id: sessionKey(sessionId),
      customer_id: null,
      shipping_country_id: null,
      billing_country_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db()
    .insertInto("cart_lines")
    .values({
      cart_id: cart.id,
      variant_id: variantId,
      quantity,
      item_origin: "Catalog",
      item_key: "",
      created_at: now,
    })
    .execute();
  return cart.id;
}
