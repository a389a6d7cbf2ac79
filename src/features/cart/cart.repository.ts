import type { Insertable } from "kysely";
import type { Culture } from "~/lib/culture";
import type { db, Executor } from "~/server/db/client";
import { productTextIn, stockOf } from "~/server/db/fragments";
import type { Database } from "~/server/db/schema";
import type { CartRow } from "./cart-detail.repository";

export async function findCartId(
  ex: Executor,
  by: { customerId: number | null; sessionKey: string | null },
): Promise<number | null> {
  return (await findCart(ex, by))?.id ?? null;
}

/**
 * The shopper's cart: her own as a customer (the latest), else the session's. The row itself, in one
 * statement, where its id and then its row took two.
 */
export async function findCart(
  ex: Executor,
  by: { customerId: number | null; sessionKey: string | null },
): Promise<CartRow | undefined> {
  if (by.customerId) {
    const row = await ex
      .selectFrom("carts")
      .selectAll()
      .where("customer_id", "=", by.customerId)
      .orderBy("updated_at", "desc")
      .executeTakeFirst();
    if (row) return row as CartRow;
  }
  if (by.sessionKey) {
    const row = await ex.selectFrom("carts").selectAll().where("session_id", "=", by.sessionKey).executeTakeFirst();
    if (row) return row as CartRow;
  }
  return undefined;
}

type Trx = Parameters<Parameters<ReturnType<ReturnType<typeof db>["transaction"]>["execute"]>[0]>[0];

/** The line of a cart holding this variant from this origin, if any (a cart has one per variant, origin and key). */
function sameLine(trx: Trx, cartId: number, line: { variantId: number; itemOrigin: string; itemKey: string }) {
  return trx
    .selectFrom("cart_lines")
    .select(["id", "quantity"])
    .where("cart_id", "=", cartId)
    .where("variant_id", "=", line.variantId)
    .where("item_origin", "=", line.itemOrigin)
    .where("item_key", "=", line.itemKey)
    .executeTakeFirst();
}

/** Moves an anonymous cart to a signed-in customer, merging into the customer's cart if there is one. */
export async function moveCart(
  ex: Executor,
  fromSessionKey: string,
  toSessionKey: string,
  customerId: number,
): Promise<void> {
  await ex.transaction().execute(async (trx) => {
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
        const existing = await sameLine(trx, own.id, {
          variantId: line.variant_id,
          itemOrigin: line.item_origin,
          itemKey: line.item_key,
        });
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

/** A variant as the cart sees it: quantity rules, units in stock and what tracking needs; null when not for sale. */
export async function saleableVariant(ex: Executor, variantId: number, culture: Culture) {
  const row = await ex
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .innerJoin("product_translations as t", productTextIn(culture))
    .innerJoin("brands as b", "b.id", "p.brand_id")
    .innerJoin("category_translations as ct", (j) =>
      j.onRef("ct.category_id", "=", "p.category_id").on("ct.culture", "=", culture),
    )
    .select([
      "v.id",
      "v.sku",
      "v.product_id",
      "v.min_quantity",
      "v.max_quantity",
      "v.step_quantity",
      "t.name",
      "b.name as brand",
      "ct.name as category",
      "p.vat_class",
    ])
    .where("v.id", "=", variantId)
    .where("p.is_active", "=", 1)
    .executeTakeFirst();
  if (!row) return null;
  return { ...row, stock: await stockOf(ex, variantId) };
}

/** Several saleable variants at once, with their stock: two queries, whatever their number. */
export async function saleableVariants(ex: Executor, variantIds: readonly number[], culture: Culture) {
  if (variantIds.length === 0) return [];
  const [rows, stock] = await Promise.all([
    ex
      .selectFrom("product_variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .innerJoin("product_translations as t", productTextIn(culture))
      .select(["v.id", "v.min_quantity", "v.max_quantity", "v.step_quantity", "t.name"])
      .where("v.id", "in", variantIds)
      .where("p.is_active", "=", 1)
      .execute(),
    ex
      .selectFrom("stock")
      .select(["variant_id", (eb) => eb.fn.sum<number | string>("quantity").as("units")])
      .where("variant_id", "in", variantIds)
      .groupBy("variant_id")
      .execute(),
  ]);
  return rows.map((row) => ({
    ...row,
    stock: Number(stock.find((s) => s.variant_id === row.id)?.units ?? 0),
  }));
}

/**
 * Adds several lines to the owner's cart in one transaction, reading the cart's lines once. `check`
 * answers the units to add for a line given the units of its variant already in the cart, or throws
 * to leave that line out (the others go in).
 */
export async function addLines(
  ex: Executor,
  owner: { customerId: number | null; sessionKey: string },
  lines: readonly { variantId: number; itemOrigin: string; itemKey: string }[],
  check: (index: number, inCart: number) => number,
): Promise<unknown[]> {
  return ex.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const cartId = await openCart(trx, owner);
    const held = await trx
      .selectFrom("cart_lines")
      .select(["id", "variant_id", "quantity", "item_origin", "item_key"])
      .where("cart_id", "=", cartId)
      .execute();
    const outcomes: unknown[] = [];
    const inserts: Insertable<Database["cart_lines"]>[] = [];
    for (const [index, line] of lines.entries()) {
      const inCart =
        held.filter((h) => h.variant_id === line.variantId).reduce((units, h) => units + h.quantity, 0) +
        inserts.filter((i) => i.variant_id === line.variantId).reduce((units, i) => units + i.quantity, 0);
      let adding: number;
      try {
        adding = check(index, inCart);
      } catch (error) {
        outcomes.push(error);
        continue;
      }
      outcomes.push(null);
      const same =
        held.find(
          (h) => h.variant_id === line.variantId && h.item_origin === line.itemOrigin && h.item_key === line.itemKey,
        ) ?? null;
      if (same) {
        same.quantity += adding;
        await trx.updateTable("cart_lines").set({ quantity: same.quantity }).where("id", "=", same.id).execute();
        continue;
      }
      const pending = inserts.find(
        (i) => i.variant_id === line.variantId && i.item_origin === line.itemOrigin && i.item_key === line.itemKey,
      );
      if (pending) pending.quantity += adding;
      else
        inserts.push({
          cart_id: cartId,
          variant_id: line.variantId,
          quantity: adding,
          item_origin: line.itemOrigin,
          item_key: line.itemKey,
          created_at: now,
          prepaid_account_id: null,
        });
    }
    if (inserts.length) await trx.insertInto("cart_lines").values(inserts).execute();
    await trx.updateTable("carts").set({ updated_at: now }).where("id", "=", cartId).execute();
    return outcomes;
  });
}

/**
 * The cart of a customer (their latest) or of a session, created when there is none. Takes the
 * transaction it runs in, or the database.
 */
export async function openCart(
  ex: Executor,
  owner: { customerId: number | null; sessionKey: string },
): Promise<number> {
  const own = owner.customerId
    ? await ex
        .selectFrom("carts")
        .select("id")
        .where("customer_id", "=", owner.customerId)
        .orderBy("updated_at", "desc")
        .executeTakeFirst()
    : undefined;
  const found =
    own ?? (await ex.selectFrom("carts").select("id").where("session_id", "=", owner.sessionKey).executeTakeFirst());
  if (found) return found.id;
  const now = new Date().toISOString();
  const row = await ex
    .insertInto("carts")
    .values({
      session_id: owner.sessionKey,
      customer_id: owner.customerId,
      shipping_country_id: null,
      billing_country_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The cart of a session or customer, created on first use; one transaction with the line change. */
export async function addLine(
  ex: Executor,
  owner: { customerId: number | null; sessionKey: string },
  line: { variantId: number; itemOrigin: string; itemKey: string; prepaidAccountId?: number },
  check: (inCart: number) => number,
): Promise<number> {
  return ex.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const cart = { id: await openCart(trx, owner) };
    const existing = await sameLine(trx, cart.id, line);
    const inCart = await trx
      .selectFrom("cart_lines")
      .select((eb) => eb.fn.sum<number | string>("quantity").as("units"))
      .where("cart_id", "=", cart.id)
      .where("variant_id", "=", line.variantId)
      .executeTakeFirst();
    // Throws when the rules or the stock refuse; nothing is written then.
    const adding = check(Number(inCart?.units ?? 0));
    if (existing) {
      await trx
        .updateTable("cart_lines")
        .set({ quantity: existing.quantity + adding })
        .where("id", "=", existing.id)
        .execute();
    } else {
      await trx
        .insertInto("cart_lines")
        .values({
          cart_id: cart.id,
          variant_id: line.variantId,
          quantity: adding,
          item_origin: line.itemOrigin,
          item_key: line.itemKey,
          created_at: now,
          prepaid_account_id: line.prepaidAccountId ?? null,
        })
        .execute();
    }
    await trx.updateTable("carts").set({ updated_at: now }).where("id", "=", cart.id).execute();
    return cart.id;
  });
}

/** Visitors' carts (no customer) unchanged since `before`, oldest first. */
export async function idleVisitorCarts(
  ex: Executor,
  before: string,
  limit: number,
): Promise<{ id: number; session_id: string | null }[]> {
  return ex
    .selectFrom("carts")
    .select(["id", "session_id"])
    .where("customer_id", "is", null)
    .where("updated_at", "<", before)
    .orderBy("updated_at")
    .limit(limit)
    .execute();
}

/** Deletes carts and their lines (the lines follow by cascade). */
export async function deleteCarts(ex: Executor, ids: number[]): Promise<void> {
  if (ids.length) await ex.deleteFrom("carts").where("id", "in", ids).execute();
}
