import { type Culture, isCulture } from "../../lib/culture";
import { translator } from "../../lib/i18n";
import { env } from "../../server/config/env";
import { db } from "../../server/db/client";
import { ApiError } from "../../server/http/errors";

/** Variant, product name and slug in a culture, if the variant belongs to the product. */
export async function notificationTarget(productId: number, variantId: number, culture: Culture) {
  return db()
    .selectFrom("product_variants as v")
    .innerJoin("product_translations as t", (j) =>
      j.onRef("t.product_id", "=", "v.product_id").on("t.culture", "=", culture),
    )
    .select(["v.id", "v.sku", "t.name", "t.slug"])
    .where("v.id", "=", variantId)
    .where("v.product_id", "=", productId)
    .executeTakeFirst();
}

/** Keeps a back-in-stock subscription; subscribing twice to the same variant keeps one. */
export async function subscribeToStock(
  variantId: number,
  email: string,
  culture: Culture,
  customerId: number | null,
): Promise<void> {
  const pending = await db()
    .selectFrom("stock_notifications")
    .select("id")
    .where("variant_id", "=", variantId)
    .where("email", "=", email)
    .where("notified_at", "is", null)
    .executeTakeFirst();
  if (pending) return;
  await db()
    .insertInto("stock_notifications")
    .values({
      variant_id: variantId,
      email,
      culture,
      customer_id: customerId,
      created_at: new Date().toISOString(),
      notified_at: null,
    })
    .execute();
}

/**
 * Sets a warehouse's stock of a variant. When the variant's total goes from none to some, one mail per
 * pending subscriber is queued in the outbox (in the subscriber's language) and the subscription closes,
 * all in the same transaction.
 */
export async function setStock(
  variantId: number,
  warehouseId: number,
  quantity: number,
): Promise<{ notified: number }> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const exists = await trx
        .selectFrom("product_variants")
        .select(["id", "sku", "product_id"])
        .where("id", "=", variantId)
        .executeTakeFirst();
      const warehouse = await trx
        .selectFrom("warehouses")
        .select("id")
        .where("id", "=", warehouseId)
        .executeTakeFirst();
      if (!exists || !warehouse) throw new ApiError("NotFound");
      const total = async () =>
        Number(
          (
            await trx
              .selectFrom("stock")
              .select((eb) => eb.fn.sum<number | string>("quantity").as("n"))
              .where("variant_id", "=", variantId)
              .executeTakeFirst()
          )?.n ?? 0,
        );
      const before = await total();
      await trx
        .insertInto("stock")
        .values({ variant_id: variantId, warehouse_id: warehouseId, quantity })
        .onConflict((oc) => oc.columns(["variant_id", "warehouse_id"]).doUpdateSet({ quantity }))
        .execute();
      const after = await total();
      if (before > 0 || after <= 0) return { notified: 0 };
      const subscribers = await trx
        .selectFrom("stock_notifications")
        .selectAll()
        .where("variant_id", "=", variantId)
        .where("notified_at", "is", null)
        .execute();
      const now = new Date().toISOString();
      for (const subscriber of subscribers) {
        const culture: Culture = isCulture(subscriber.culture) ? subscriber.culture : env().DEFAULT_CULTURE;
        const product = await trx
          .selectFrom("product_translations")
          .select(["name", "slug"])
          .where("product_id", "=", exists.product_id)
          .where("culture", "=", culture)
          .executeTakeFirst();
        const t = translator(culture);
        const values = {
          name: product?.name ?? exists.sku,
          sku: exists.sku,
          url: `${env().siteUrl}/${culture}/p/${product?.slug ?? ""}`,
        };
        await trx
          .insertInto("mail_outbox")
          .values({
            to_address: subscriber.email,
            subject: t("StockNotification.MailSubject", values),
            body: t("StockNotification.MailBody", values),
            culture,
            created_at: now,
            sent_at: null,
          })
          .execute();
        await trx
          .updateTable("stock_notifications")
          .set({ notified_at: now })
          .where("id", "=", subscriber.id)
          .execute();
      }
      return { notified: subscribers.length };
    });
}
