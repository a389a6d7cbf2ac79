import type { Transaction } from "kysely";
import { returnUnits, StockShortage, takeUnits } from "~/features/catalog/stock/stock.server";
import { freeCouponUse, recordCouponUse } from "~/features/coupons/coupons.server";
import { InsufficientCredit, releaseOrderCredit, retakeOrderCredit } from "~/features/prepaid/prepaid.server";
import { sweeperRun } from "~/server/background";
import { db } from "~/server/db/client";
import type { Database } from "~/server/db/schema";
import { log } from "~/server/observability/log";
import {
  changeOrderStatus,
  forgetStockTakes,
  orderQuantities,
  orderStatusAndBuyer,
  recordStockTakes,
  staleUnpaidOrders,
} from "./orders.repository";
import { orderBecomesPaid, tellMerchant } from "./orders.server";

/** At most this many orders are released per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

/**
 * Cancels the orders still awaiting payment that were placed before `placedBefore`: their units go back
 * to the warehouses they came from and their coupon use is freed. Each order is its own transaction and
 * changes only if it still awaits payment, so a payment arriving at the same moment wins or loses cleanly,
 * and several processes may sweep at once. Answers how many were released.
 */
export async function releaseUnpaidOrders(placedBefore: Date): Promise<number> {
  const stale = await staleUnpaidOrders(db(), placedBefore.toISOString(), SWEEP_BATCH);
  let released = 0;
  for (const { id } of stale) {
    const done = await db()
      .transaction()
      .execute((trx) => cancelOrderIn(trx, id, "AwaitingPayment"));
    if (done) released++;
  }
  return released;
}

/**
 * Cancels an order that is still `from`, inside the caller's transaction: its units go back to the
 * warehouses they came from, its coupon use is freed and its prepaid part credited back. False when the
 * order was no longer `from` (nothing done). What a card paid is the caller's to refund.
 */
export async function cancelOrderIn(
  trx: Transaction<Database>,
  orderId: number,
  from: "AwaitingPayment" | "Paid",
): Promise<boolean> {
  if (!(await changeOrderStatus(trx, orderId, from, { status: "Cancelled" }))) return false;
  await returnUnits(trx, await forgetStockTakes(trx, orderId));
  await freeCouponUse(trx, orderId);
  await releaseOrderCredit(trx, orderId);
  await tellMerchant(trx, "order.cancelled", orderId);
  return true;
}

class AlreadyHandled extends Error {}

/**
 * A payment authorised after its order was released (a challenge left open past the delay): the order
 * is served if its units are all still there (taken again, coupon use counted again, marked paid);
 * otherwise it stays cancelled and the error log says the payment must be refunded. Answers whether the
 * order is now paid.
 */
export async function reinstatePaidOrder(orderId: number): Promise<boolean> {
  const now = new Date().toISOString();
  try {
    return await db()
      .transaction()
      .execute(async (trx) => {
        const order = await orderStatusAndBuyer(trx, orderId);
        if (order?.status !== "Cancelled") throw new AlreadyHandled();
        const takes = await takeUnits(trx, await orderQuantities(trx, orderId));
        if (!(await orderBecomesPaid(trx, orderId, "Cancelled", now))) throw new AlreadyHandled();
        await recordStockTakes(trx, orderId, takes);
        await retakeOrderCredit(trx, orderId);
        if (order.coupon_id)
          await recordCouponUse(trx, {
            couponId: order.coupon_id,
            orderId,
            customerId: order.customer_id,
            email: order.email,
            at: now,
          });
        return true;
      });
  } catch (error) {
    if (error instanceof AlreadyHandled) return false;
    if (error instanceof StockShortage || error instanceof InsufficientCredit) {
      log().error(
        { orderId },
        "an order was paid after its units (or its prepaid credit) were released and some are gone: it stays cancelled; refund the payment",
      );
      return false;
    }
    throw error;
  }
}

/**
 * Releases unpaid orders older than `minutes`, once now and then every minute, in the background of the
 * server process (the timer never keeps the process alive). Failures are logged and retried next time.
 */
export function startUnpaidOrderSweeper(minutes: number): () => void {
  // One sweeper per process, even when the dev server reloads this module.
  const running = globalThis as { vitrineSweeper?: () => void };
  if (running.vitrineSweeper) return running.vitrineSweeper;
  const sweep = () =>
    sweeperRun("unpaid-orders", () => releaseUnpaidOrders(new Date(Date.now() - minutes * 60_000)), 60_000).then(
      (released) => {
        if (released) log().info({ released, minutes }, "released unpaid orders");
      },
    );
  void sweep();
  const timer = setInterval(sweep, 60_000);
  timer.unref();
  running.vitrineSweeper = () => {
    clearInterval(timer);
    running.vitrineSweeper = undefined;
  };
  return running.vitrineSweeper;
}
