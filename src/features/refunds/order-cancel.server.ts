import type { AdminActor } from "~/features/integration/integration";
import { audit } from "~/features/integration/integration.server";
import { orderById, orderByNumber, orderLines } from "~/features/orders/orders.server";
import { cancelOrderIn } from "~/features/orders/unpaid-orders.server";
import { capturedPayment, refundPayment } from "~/features/payment/payment.server";
import { isCulture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { env } from "~/server/config/env";
import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { enqueueMail } from "~/server/mail/outbox";

/**
 * The merchant cancels an order not shipped yet (issue 35): in one transaction its units go back to
 * their warehouses, its coupon use is freed and its prepaid part credited back; then what a card paid is
 * refunded through the payment provider (one key per order: a repeated cancel never refunds twice), and
 * the shopper is mailed in her language. An order that bought prepaid credit is refused (the credit may
 * be spent already): refund it line by line instead.
 */
export async function cancelOrderForMerchant(actor: AdminActor, number: string) {
  const order = await orderByNumber(db(), number);
  if (!order) throw new ApiError("OrderNotFound");
  if (order.status !== "AwaitingPayment" && order.status !== "Paid") throw new ApiError("OrderNotCancellable");
  const lines = await orderLines(db(), order.id);
  if (lines.some((l) => l.prepaid_account_id !== null)) throw new ApiError("OrderNotCancellable");
  const from = order.status;
  const cancelled = await db()
    .transaction()
    .execute(async (trx) => {
      if (!(await cancelOrderIn(trx, order.id, from))) return false;
      await audit(actor, "order.cancel", `order:${number}`, { from }, trx);
      return true;
    });
  if (!cancelled) throw new ApiError("OrderNotCancellable");
  const payment = from === "Paid" ? await capturedPayment(order.id) : undefined;
  // The order is cancelled either way; a refund the provider does not take now is asked again by repeating
  // the call with the same key (`PaymentUnavailable` says so), never twice.
  const refund = payment
    ? await refundPayment(payment.id, payment.captured - payment.refunded, `cancel-${order.id}`, null)
    : null;
  const fresh = await orderById(db(), order.id);
  const culture = isCulture(order.culture) ? order.culture : env().DEFAULT_CULTURE;
  const t = translator(culture);
  await enqueueMail({
    to: order.email,
    subject: t("Orders.CancelledMailSubject", { number }),
    text: t("Orders.CancelledMailBody", {
      number,
      amount: formatMoney(order.total_tax_incl, culture),
    }),
    html: null,
    culture,
  });
  return {
    Status: fresh?.status ?? "Cancelled",
    Refund: refund ? { Id: refund.id, Status: refund.status, Amount: refund.amount } : null,
  };
}

/**
 * The merchant gives back part of what a card paid for an order (a gesture, a missing item), through the
 * payment provider: `key` makes a repeated post the same refund; never more than was captured and not
 * refunded yet. The shopper is mailed when the provider confirms it.
 */
export async function refundOrderForMerchant(actor: AdminActor, number: string, amount: number, key: string) {
  const order = await orderByNumber(db(), number);
  if (!order) throw new ApiError("OrderNotFound");
  const payment = await capturedPayment(order.id);
  if (!payment) throw new ApiError("PaymentNotFound");
  const refund = await refundPayment(payment.id, amount, `merchant-${key}`, null);
  await audit(actor, "order.refund", `order:${number}`, { amount, refund: refund.id, status: refund.status });
  return { Id: refund.id, Status: refund.status, Amount: refund.amount };
}
