import { emitMerchantEvent, merchantWants } from "~/features/integration/webhooks.server";
import { type Culture, isCulture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { env } from "~/server/config/env";
import { db, type Executor } from "~/server/db/client";
import { stockOf } from "~/server/db/fragments";
import { ApiError } from "~/server/http/errors";
import { enqueueMail } from "~/server/mail/outbox";
import {
  insertSubscription,
  markNotified,
  pendingSubscribers,
  pendingSubscription,
  productText,
  putStock,
  type StockTake,
  takeUnits as takeFromShelves,
  notificationTarget as target,
  unitsLeft,
  variantById,
  warehouseById,
} from "./stock.repository";

/** Stock taken and given back inside an order's transaction (the orders feature calls these). */
export { returnUnits, StockShortage, type StockTake } from "./stock.repository";

/**
 * Takes an order's units (inside its transaction); a variant whose stock falls to STOCK_LOW_THRESHOLD
 * or below with it tells the merchant's systems (`stock.low`), once per crossing.
 */
export async function takeUnits(
  trx: Executor,
  lines: readonly { variant_id: number; quantity: number }[],
): Promise<StockTake[]> {
  const takes = await takeFromShelves(trx, lines);
  const threshold = env().STOCK_LOW_THRESHOLD;
  const taken = new Map<number, number>();
  for (const take of takes) taken.set(take.variantId, (taken.get(take.variantId) ?? 0) + take.quantity);
  if (taken.size === 0 || !(await merchantWants(trx, "stock.low"))) return takes;
  for (const left of await unitsLeft(trx, [...taken.keys()])) {
    const before = left.units + (taken.get(left.variantId) ?? 0);
    if (left.units <= threshold && before > threshold)
      await emitMerchantEvent(trx, "stock.low", `${left.sku}:${new Date().toISOString()}`, {
        Sku: left.sku,
        Units: left.units,
        Threshold: threshold,
      });
  }
  return takes;
}

/** Variant, product name and slug in a culture, if the variant belongs to the product. */
export function notificationTarget(productId: number, variantId: number, culture: Culture) {
  return target(db(), productId, variantId, culture);
}

/** Keeps a back-in-stock subscription; subscribing twice to the same variant keeps one. */
export async function subscribeToStock(
  variantId: number,
  email: string,
  culture: Culture,
  customerId: number | null,
): Promise<void> {
  if (await pendingSubscription(db(), variantId, email)) return;
  await insertSubscription(db(), { variantId, email, culture, customerId });
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
      const variant = await variantById(trx, variantId);
      if (!variant || !(await warehouseById(trx, warehouseId))) throw new ApiError("NotFound");
      const before = await stockOf(trx, variantId);
      await putStock(trx, variantId, warehouseId, quantity);
      const after = await stockOf(trx, variantId);
      if (before > 0 || after <= 0) return { notified: 0 };
      const subscribers = await pendingSubscribers(trx, variantId);
      const now = new Date().toISOString();
      for (const subscriber of subscribers) {
        const culture: Culture = isCulture(subscriber.culture) ? subscriber.culture : env().DEFAULT_CULTURE;
        const product = await productText(trx, variant.product_id, culture);
        const t = translator(culture);
        const values = {
          name: product?.name ?? variant.sku,
          sku: variant.sku,
          url: `${env().siteUrl}/${culture}/p/${product?.slug ?? ""}`,
        };
        await enqueueMail(
          {
            to: subscriber.email,
            subject: t("StockNotification.MailSubject", values),
            text: t("StockNotification.MailBody", values),
            html: null,
            culture,
          },
          trx,
        );
        await markNotified(trx, subscriber.id, now);
      }
      return { notified: subscribers.length };
    });
}

/** The dashboard's count of variants low in stock (issue 72). */
export { lowStockCount } from "./stock.repository";
