import { electronicFormatIBAN, isValidIBAN } from "ibantools";
import { type AdminCall, adminActor, audit } from "~/features/integration/integration.server";
import { emitMerchantEvent } from "~/features/integration/webhooks.server";
import { orderById, orderByNumber, orderLines } from "~/features/orders/orders.server";
import { refundOrder, refundStatesOfRequests } from "~/features/payment/payment.server";
import { type Culture, isCulture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { env } from "~/server/config/env";
import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { enqueueMail } from "~/server/mail/outbox";
import type { RefundRequestInput } from "./refund-request";
import { type RefundStatus, refundLineAmount, refundTotals, unitTaxIncl } from "./refunds";
import {
  allRequests,
  decideRequest,
  insertRequest,
  lockOrder,
  reopenRequest,
  requestById,
  requestedUnits,
  requestsOf,
  requestsOfOrder,
} from "./refunds.repository";

/** Orders whose goods may be asked back: paid or shipped. */
const REFUNDABLE = new Set(["Paid", "PartlyShipped", "Shipped"]);

/** One of the customer's own orders (another's, or a guest's, is not found). */
async function customerOrder(customerId: number, number: string) {
  const order = await orderByNumber(db(), number);
  if (!order || order.customer_id !== customerId) throw new ApiError("OrderNotFound");
  return order;
}

export interface RefundableLine {
  id: number;
  name: string;
  sku: string;
  bought: number;
  /** What may still be asked back. */
  available: number;
  unitTaxIncl: number;
}

/** What the refund form of an order shows: each line, what may still be asked back, the earlier requests. */
export async function refundForm(customerId: number, number: string) {
  const order = await customerOrder(customerId, number);
  const [lines, asked, earlier] = await Promise.all([
    orderLines(db(), order.id),
    requestedUnits(db(), order.id),
    requestsOfOrder(db(), order.id).then(withRefundStates),
  ]);
  const refundable: RefundableLine[] = lines
    .filter((l) => l.prepaid_account_id === null)
    .map((l) => ({
      id: l.id,
      name: l.name,
      sku: l.sku,
      bought: l.quantity,
      available: Math.max(0, l.quantity - (asked.get(l.id) ?? 0)),
      unitTaxIncl: unitTaxIncl(l),
    }));
  return { order, lines: refundable, earlier, open: REFUNDABLE.has(order.status) };
}

/**
 * Stores a refund request, under the order's lock so two at once cannot ask back more than was
 * bought; amounts come from the order's own prices. The shop is mailed.
 */
export async function requestRefund(customerId: number, input: RefundRequestInput, culture: Culture) {
  const t = translator(culture);
  const order = await customerOrder(customerId, input.OrderNumber);
  if (!REFUNDABLE.has(order.status)) throw new ApiError("OrderNotRefundable");
  let iban: string | null = null;
  if (input.Method === "BankTransfer") {
    iban = electronicFormatIBAN(input.Iban ?? "") ?? "";
    const errors: Record<string, string[]> = {};
    if (!iban || !isValidIBAN(iban)) errors.Iban = [t("Refunds.IbanInvalid")];
    if (!input.AccountHolder) errors.AccountHolder = [t("Errors.Required")];
    if (Object.keys(errors).length) throw new ApiError("ValidationFailed", errors);
  }
  // A line named twice would be asked twice in one request: refused, naming it.
  const named = input.Lines.map((l) => l.OrderLineId);
  const twice = named.find((lineId, i) => named.indexOf(lineId) !== i);
  if (twice !== undefined)
    throw new ApiError("ValidationFailed", { [`Quantity-${twice}`]: [t("Refunds.LineTwice")] }, "Refunds.LineTwice");
  const wanted = input.Lines.filter((l) => l.Quantity > 0);
  if (wanted.length === 0)
    throw new ApiError("ValidationFailed", { Lines: [t("Refunds.NothingChosen")] }, "Refunds.NothingChosen");
  const created = await db()
    .transaction()
    .execute(async (trx) => {
      await lockOrder(trx, order.id);
      const [lines, asked] = await Promise.all([orderLines(trx, order.id), requestedUnits(trx, order.id)]);
      const rows = wanted.map((w) => {
        const line = lines.find((l) => l.id === w.OrderLineId && l.prepaid_account_id === null);
        if (!line)
          throw new ApiError("ValidationFailed", { [`Quantity-${w.OrderLineId}`]: [t("Errors.InvalidValue")] });
        const available = line.quantity - (asked.get(line.id) ?? 0);
        if (w.Quantity > available)
          throw new ApiError(
            "ValidationFailed",
            { [`Quantity-${line.id}`]: [t("Refunds.TooMany", { available })] },
            "Refunds.TooMany",
            { available },
          );
        return {
          order_line_id: line.id,
          quantity: w.Quantity,
          amount: refundLineAmount(unitTaxIncl(line), w.Quantity),
        };
      });
      const totals = refundTotals(rows.map((r) => ({ unitTaxIncl: r.amount / r.quantity, quantity: r.quantity })));
      const id = await insertRequest(
        trx,
        {
          order_id: order.id,
          customer_id: customerId,
          method: input.Method,
          iban: input.Method === "BankTransfer" ? iban : null,
          account_holder: input.Method === "BankTransfer" ? input.AccountHolder : null,
          reason: input.Reason,
          items: totals.items,
          amount: totals.amount,
        },
        rows,
      );
      await emitMerchantEvent(trx, "refund.requested", String(id), {
        RequestId: id,
        Number: order.number,
        Method: input.Method,
        Reason: input.Reason,
        Items: totals.items,
        Amount: totals.amount,
      });
      const shopCulture = env().DEFAULT_CULTURE;
      const s = translator(shopCulture);
      await enqueueMail(
        {
          to: env().SHOP_EMAIL,
          subject: s("Refunds.ShopMailSubject", { number: order.number }),
          text: [
            s("Refunds.ShopMailBody", { number: order.number, email: order.email }),
            ...rows.map((r) => {
              const line = lines.find((l) => l.id === r.order_line_id);
              return `${r.quantity} × ${line?.name ?? ""} (${line?.sku ?? ""}): ${formatMoney(r.amount, shopCulture)}`;
            }),
            `${s("Refunds.Total")}: ${formatMoney(totals.amount, shopCulture)}`,
            `${s("Refunds.Method")}: ${s(`Refunds.Method${input.Method}`)}${iban ? ` (${iban})` : ""}`,
            input.Reason ? `${s("Refunds.Reason")}: ${input.Reason}` : "",
          ].join("\n"),
          html: null,
          culture: shopCulture,
        },
        trx,
      );
      return { id, ...totals };
    });
  return { RefundRequestId: created.id, Items: created.items, Amount: created.amount, Status: "Requested" };
}

/** The customer's refund requests and their status (a refund through the provider as it stands). */
export async function refundRequests(customerId: number) {
  return withRefundStates(await requestsOf(db(), customerId));
}

/** What a request's status is now: a refund through the provider follows its notifications. */
function statusNow(status: string, provider: string | undefined): RefundStatus {
  if (status !== "Refunding") return status as RefundStatus;
  if (provider === "Refunded") return "Refunded";
  if (provider === "Failed") return "RefundFailed";
  return "Refunding";
}

/** Staff's list: every request (the open ones first), with where its refund stands. */
export async function staffRefundRequests(call: AdminCall) {
  await adminActor(call, "orders:read");
  const rows = await allRequests(db(), 200);
  const states = await refundStatesOfRequests(rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, status: statusNow(r.status, states.get(r.id)) }));
}

/** The shopper's requests, with where their refunds stand. */
async function withRefundStates<T extends { id: number; status: string }>(rows: T[]): Promise<T[]> {
  const states = await refundStatesOfRequests(rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, status: statusNow(r.status, states.get(r.id)) }));
}

/**
 * Staff approve a request with the amount they grant (at most what was asked). Paid back "the original
 * way": the provider is asked, with an idempotency key of the request (a second approval, or a retry after
 * the provider did not answer, is the same refund); its notification ends it and mails the shopper.
 * By bank transfer or prepaid credit: accepted, the staff pay it themselves, and the shopper is told.
 * Two staff at once: one decides, the other is told it was decided (409).
 */
export async function approveRefundRequest(call: AdminCall, id: number, amount: number | undefined, culture: Culture) {
  const member = await adminActor(call, "orders:write");
  const request = await requestById(db(), id);
  if (!request) throw new ApiError("NotFound");
  const granted = amount ?? request.amount;
  const t = translator(culture);
  if (!Number.isInteger(granted) || granted <= 0 || granted > request.amount)
    throw new ApiError("ValidationFailed", {
      Amount: [t("Refunds.AmountTooHigh", { amount: formatMoney(request.amount, culture) })],
    });
  const viaProvider = request.method === "Original";
  const now = new Date().toISOString();
  if (
    !(await decideRequest(db(), id, {
      status: viaProvider ? "Refunding" : "Accepted",
      approvedAmount: granted,
      refusedReason: null,
      by: member.kind === "staff" ? member.id : null,
      at: now,
    }))
  )
    throw new ApiError("RefundRequestDecided");
  await audit(member, "refund.approve", `refund-request:${id}`, { amount: granted });
  if (!viaProvider) {
    await decisionMail(request.order_id, "accepted", granted, null);
    return { Id: id, Status: "Accepted" as RefundStatus, Amount: granted };
  }
  try {
    await refundOrder(request.order_id, granted, `refund-request-${id}`, id);
    // The provider's notification may already have come: the state as it is now.
    const state = (await refundStatesOfRequests([id])).get(id);
    return { Id: id, Status: statusNow("Refunding", state), Amount: granted };
  } catch (error) {
    // Nothing was given back (refused, over what was captured, or the provider did not answer): staff may decide again.
    await reopenRequest(db(), id);
    throw error;
  }
}

/** Staff refuse a request with a reason the shopper reads in her mail. */
export async function refuseRefundRequest(call: AdminCall, id: number, reason: string, culture: Culture) {
  const member = await adminActor(call, "orders:write");
  if (reason.trim().length < 2)
    throw new ApiError("ValidationFailed", { Reason: [translator(culture)("Errors.Required")] });
  const request = await requestById(db(), id);
  if (!request) throw new ApiError("NotFound");
  const now = new Date().toISOString();
  if (
    !(await decideRequest(db(), id, {
      status: "Refused",
      approvedAmount: null,
      refusedReason: reason,
      by: member.kind === "staff" ? member.id : null,
      at: now,
    }))
  )
    throw new ApiError("RefundRequestDecided");
  await audit(member, "refund.refuse", `refund-request:${id}`, { reason });
  await decisionMail(request.order_id, "refused", request.amount, reason);
  return { Id: id, Status: "Refused" as RefundStatus, Amount: 0 };
}

/** The shopper's mail of staff's decision, in her order's language. */
async function decisionMail(orderId: number, decision: "accepted" | "refused", amount: number, reason: string | null) {
  const order = await orderById(db(), orderId);
  if (!order) return;
  const culture = isCulture(order.culture) ? order.culture : env().DEFAULT_CULTURE;
  const t = translator(culture);
  const key = decision === "accepted" ? "Refunds.AcceptedMail" : "Refunds.RefusedMail";
  await enqueueMail({
    to: order.email,
    subject: t(`${key}Subject`, { number: order.number }),
    text: t(`${key}Body`, { number: order.number, amount: formatMoney(amount, culture), reason: reason ?? "" }),
    html: null,
    culture,
  });
}

/** The dashboard's count of refund requests waiting (issue 72). */
export { refundRequestsWaiting } from "./refunds.repository";
