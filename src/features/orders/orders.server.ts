import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { creditBirthListGifts } from "~/features/birthlists/birthlists.server";
import { addToCart } from "~/features/cart/cart.server";
import { emitMerchantEvent, merchantWants, type WebhookEvent } from "~/features/integration/webhooks.server";
import { creditTopUps } from "~/features/prepaid/prepaid.server";
import type { Culture } from "~/lib/culture";
import { db, type Executor } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { type Session, sessionKey, writeSessionData } from "~/server/session/session";
import { enqueueOrderConfirmation } from "./order-mail.server";
import {
  changeOrderStatus,
  customerOrders,
  type OrderRow,
  orderById,
  orderByNumber,
  orderLines,
} from "./orders.repository";

/** Orders per page of the order list (`pagenbr`). */
export const ORDERS_PAGE_SIZE = 10;

/** Whose order it is: a customer's, or the guest session's that placed it. */
export function ownsOrder(session: Session, order: Pick<OrderRow, "customer_id" | "session_key">): boolean {
  if (order.customer_id !== null) return order.customer_id === session.customerId;
  return session.id !== null && order.session_key === sessionKey(session.id);
}

/** Whether `key` (from a guest's mail) opens this guest order: its own key, compared in constant time. */
export function opensGuestOrder(order: Pick<OrderRow, "customer_id" | "access_key">, key: string | null): boolean {
  if (order.customer_id !== null || !order.access_key || !key) return false;
  const given = Buffer.from(key);
  const own = Buffer.from(order.access_key);
  return given.length === own.length && timingSafeEqual(given, own);
}

/** The guest orders a session opened with their key (her mail's link), the latest last, at most 20. */
export const OPENED_ORDERS_KEY = "openedOrders";
const OPENED_ORDERS_KEPT = 20;

function openedOrders(session: Session): string[] {
  const opened = session.data[OPENED_ORDERS_KEY];
  return Array.isArray(opened) ? opened.filter((number): number is string => typeof number === "string") : [];
}

/**
 * A guest's mail links to her order with its key: when the key opens it, this session keeps it open (its
 * data holds the order's number, the session is made if the browser had none), so the page can send her
 * on to the order's address without the key, where no script of the page can read the key off the address.
 */
export async function openGuestOrder(session: Session, number: string, key: string): Promise<boolean> {
  const order = await orderByNumber(db(), number);
  if (!order || !opensGuestOrder(order, key)) return false;
  const opened = openedOrders(session);
  if (!opened.includes(order.number))
    await writeSessionData(session, {
      [OPENED_ORDERS_KEY]: [...opened, order.number].slice(-OPENED_ORDERS_KEPT),
    });
  return true;
}

/** The paid orders whose purchase this session's confirmation page told analytics, the latest last. */
export const TOLD_PURCHASES_KEY = "toldPurchases";

/**
 * Whether the confirmation page tells analytics of this paid order now: once per order in the session
 * that placed it (a reload, or the page opened again from her history, would count the sale twice).
 */
export async function purchaseToTell(session: Session, order: Pick<OrderRow, "number">): Promise<boolean> {
  const told = session.data[TOLD_PURCHASES_KEY];
  const numbers = Array.isArray(told) ? told.filter((number): number is string => typeof number === "string") : [];
  if (numbers.includes(order.number)) return false;
  await writeSessionData(session, { [TOLD_PURCHASES_KEY]: [...numbers, order.number].slice(-OPENED_ORDERS_KEPT) });
  return true;
}

/**
 * An order of this shopper by number, with its lines; another shopper's order is not found. A guest's
 * order also opens in a session that opened it with its key (`openGuestOrder`); a customer's needs her
 * signed in.
 */
export async function ownOrder(session: Session, number: string) {
  const order = await orderByNumber(db(), number);
  if (!order) return null;
  const opened = order.customer_id === null && openedOrders(session).includes(order.number);
  if (!ownsOrder(session, order) && !opened) return null;
  return { order, lines: await orderLines(db(), order.id) };
}

export async function orderList(session: Session, page: number) {
  if (!session.customerId) throw new ApiError("Unauthorized");
  const { rows, total } = await customerOrders(db(), session.customerId, {
    offset: (page - 1) * ORDERS_PAGE_SIZE,
    limit: ORDERS_PAGE_SIZE,
  });
  return { orders: rows, total, pages: Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE)), page };
}

/** Re-add payload: the order and one of its lines, with the quantity to add (the line's by default). */
export const ReAddSchema = z.object({
  OrderId: z.coerce.number().int().min(1).max(2_147_483_647),
  OrderLineId: z.coerce.number().int().min(1).max(2_147_483_647),
  Quantity: z.coerce.number().int().min(1).max(100_000).optional(),
});

/** Puts an item of a past order back into the cart, under today's rules, stock and prices. */
export async function reAddOrderLine(session: Session, culture: Culture, input: z.infer<typeof ReAddSchema>) {
  const order = await orderById(db(), input.OrderId);
  if (!order || !ownsOrder(session, order)) throw new ApiError("OrderNotFound");
  const line = (await orderLines(db(), order.id)).find((l) => l.id === input.OrderLineId);
  if (!line) throw new ApiError("OrderNotFound");
  return addToCart(session, culture, {
    ProductVariantId: line.variant_id,
    Quantity: input.Quantity ?? line.quantity,
    ItemOrigin: "Order",
    ItemKey: String(order.id),
    OrderId: order.id,
  });
}

/**
 * The one way an order becomes paid, inside the transaction that makes it so, whatever did (a card
 * notification, credit that covers it all at the checkout, a payment that succeeded after the order was
 * released): the status moves from `from` to paid, its prepaid top-ups are credited and its birth-list
 * gifts counted, each exactly once. False when the order was no longer `from` (nothing done). Its
 * confirmation is the caller's after the commit (`announcePaidOrder`), so no mail tells of a rollback.
 */
export async function orderBecomesPaid(
  trx: Executor,
  orderId: number,
  from: "AwaitingPayment" | "Cancelled",
  at: string,
): Promise<boolean> {
  if (!(await changeOrderStatus(trx, orderId, from, { status: "Paid", paidAt: at }))) return false;
  await creditTopUps(trx, orderId);
  await creditBirthListGifts(trx, orderId);
  await tellMerchant(trx, "order.paid", orderId);
  return true;
}

/**
 * An order's event for the merchant's webhooks, queued in the transaction that made it happen: its
 * number, status, shopper, culture, total and payment method (the rest is `GET /admin/orders/{number}`).
 */
export async function tellMerchant(trx: Executor, event: WebhookEvent, orderId: number): Promise<void> {
  if (!(await merchantWants(trx, event))) return;
  const order = await orderById(trx, orderId);
  if (!order) return;
  await emitMerchantEvent(trx, event, order.number, {
    Number: order.number,
    Status: order.status,
    Email: order.email,
    Culture: order.culture,
    TotalTaxIncl: order.total_tax_incl,
    PaymentMethod: order.payment_method,
    CreatedAt: order.created_at,
    PaidAt: order.paid_at,
  });
}

/** After an order became paid: its confirmation to the shopper. */
export function announcePaidOrder(orderId: number): Promise<void> {
  return enqueueOrderConfirmation(orderId);
}

/** A card notification's success: the order awaiting payment becomes paid, once however often told. */
export function markOrderPaid(orderId: number, at: string): Promise<boolean> {
  return db()
    .transaction()
    .execute((trx) => orderBecomesPaid(trx, orderId, "AwaitingPayment", at));
}

export { StockShortage, takeUnits } from "~/features/catalog/stock/stock.server";
/** The order's writes the checkout makes inside its one transaction (its repository stays private). */
/** The dashboard's figures (issue 72). */
export {
  cartLinesForOrder,
  customerEmail,
  insertOrder,
  lockCart,
  lockCoupon,
  markChargeback,
  orderById,
  orderByKey,
  orderByNumber,
  orderLines,
  ordersWaiting,
  recordStockTakes,
  salesSince,
} from "./orders.repository";
