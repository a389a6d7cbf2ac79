import { randomBytes } from "node:crypto";
import { emitMerchantEvent } from "~/features/integration/webhooks.server";
import { orderById } from "~/features/orders/orders.server";
import { isCulture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { env } from "~/server/config/env";
import { db, type Executor } from "~/server/db/client";
import { isUniqueViolation } from "~/server/db/errors";
import { ApiError } from "~/server/http/errors";
import { enqueueMail } from "~/server/mail/outbox";
import { log } from "~/server/observability/log";
import {
  insertRefund,
  paymentById,
  refundByKey,
  releaseRefund,
  reserveRefund,
  setRefundProviderRef,
  settleRefund,
} from "./payment.repository";
import { providerNamed } from "./provider.server";
import { ProviderRefused, ProviderUnavailable } from "./provider-http.server";

/**
 * Refunds `amount` cents of a captured payment through its provider (issue 34). The amount is taken out
 * of what may still be refunded before the provider is called, in one conditional update, so parallel
 * refunds never give back more than was captured; the idempotency key makes a repeated request (a
 * double click, a retry after a timeout) the same refund, at the provider too. A refusal gives the amount
 * back; a provider that does not answer leaves the refund pending, to be asked again with the same key.
 */
export async function refundPayment(
  paymentId: string,
  amount: number,
  idempotencyKey: string,
  refundRequestId: number | null,
): Promise<{ id: string; status: "Pending" | "Refunded" | "Failed"; amount: number }> {
  if (!Number.isInteger(amount) || amount <= 0) throw new ApiError("ValidationFailed", { Amount: ["invalid"] });
  const payment = await paymentById(db(), paymentId);
  if (payment?.status !== "Authorised" || !payment.psp_reference) throw new ApiError("PaymentNotFound");
  const provider = providerNamed(payment.provider);
  let refund = await refundByKey(db(), idempotencyKey);
  if (refund && (refund.payment_id !== paymentId || refund.amount !== amount))
    throw new ApiError("IdempotencyKeyReused");
  if (!refund) {
    const id = `rf_${randomBytes(9).toString("base64url")}`;
    const now = new Date().toISOString();
    try {
      const reserved = await db()
        .transaction()
        .execute(async (trx) => {
          if (!(await reserveRefund(trx, paymentId, amount))) return false;
          await insertRefund(trx, {
            id,
            paymentId,
            amount,
            idempotencyKey,
            status: "Pending",
            providerRef: null,
            refundRequestId,
            at: now,
          });
          return true;
        });
      if (!reserved) throw new ApiError("RefundExceedsCaptured");
    } catch (error) {
      // The same key at the same moment: one of the two made it.
      if (!isUniqueViolation(error)) throw error;
    }
    refund = await refundByKey(db(), idempotencyKey);
    if (!refund) throw new ApiError("RefundExceedsCaptured");
  }
  if (refund.status !== "Pending" || refund.provider_ref)
    return { id: refund.id, status: refund.status as "Pending" | "Refunded" | "Failed", amount };
  try {
    const answer = await provider.refund(
      { id: payment.id, pspReference: payment.psp_reference, amount: payment.amount },
      { id: refund.id, amount, idempotencyKey },
    );
    await setRefundProviderRef(db(), refund.id, answer.providerRef);
    if (answer.status === "Pending") return { id: refund.id, status: "Pending", amount };
    await settleRefundNow(payment.id, payment.order_id, refund.id, amount, answer.status);
    return { id: refund.id, status: answer.status, amount };
  } catch (error) {
    if (error instanceof ProviderRefused) {
      await settleRefundNow(payment.id, payment.order_id, refund.id, amount, "Failed");
      throw new ApiError("RefundRefused");
    }
    if (error instanceof ProviderUnavailable) throw new ApiError("PaymentUnavailable");
    throw error;
  }
}

/** A provider that answers a refund's outcome at once (the sandbox, sometimes Mollie). */
async function settleRefundNow(
  paymentId: string,
  orderId: number,
  refundId: string,
  amount: number,
  status: "Refunded" | "Failed",
): Promise<void> {
  const now = new Date().toISOString();
  const changed = await db()
    .transaction()
    .execute(async (trx) => {
      if (!(await settleRefund(trx, refundId, ["Pending"], status, now))) return false;
      if (status === "Failed") await releaseRefund(trx, paymentId, amount);
      else await refundCompleted(trx, orderId, refundId, amount);
      return true;
    });
  if (changed) await refundMail(orderId, status === "Refunded" ? "refunded" : "failed", amount, refundId);
}

/** The merchant's systems hear of money given back (`refund.completed`), in the refund's transaction. */
export async function refundCompleted(trx: Executor, orderId: number, refundId: string, amount: number) {
  const order = await orderById(trx, orderId);
  await emitMerchantEvent(trx, "refund.completed", refundId, {
    RefundId: refundId,
    Number: order?.number ?? null,
    Amount: amount,
  });
}

/** The shopper hears of her money back; the shop hears of a refund that failed. */
export async function refundMail(orderId: number, kind: "refunded" | "failed", amount: number, refundId: string) {
  const order = await orderById(db(), orderId);
  if (!order) return;
  if (kind === "refunded") {
    const culture = isCulture(order.culture) ? order.culture : env().DEFAULT_CULTURE;
    const t = translator(culture);
    const money = formatMoney(amount, culture);
    await enqueueMail({
      to: order.email,
      subject: t("Payment.RefundMailSubject", { number: order.number }),
      text: t("Payment.RefundMailBody", { number: order.number, amount: money }),
      html: null,
      culture,
    });
    return;
  }
  const culture = env().DEFAULT_CULTURE;
  const s = translator(culture);
  log().error({ orderId, refundId }, "a refund failed at the provider");
  await enqueueMail({
    to: env().SHOP_EMAIL,
    subject: s("Payment.RefundFailedSubject", { number: order.number }),
    text: s("Payment.RefundFailedBody", { number: order.number, amount: formatMoney(amount, culture), id: refundId }),
    html: null,
    culture,
  });
}
