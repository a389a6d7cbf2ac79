import { electronicFormatIBAN, isValidIBAN } from "ibantools";
import { orderByNumber, orderLines } from "~/features/orders/orders.server";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { env } from "~/server/config/env";
import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { enqueueMail } from "~/server/mail/outbox";
import type { RefundRequestInput } from "./refund-request";
import { refundLineAmount, refundTotals, unitTaxIncl } from "./refunds";
import { insertRequest, lockOrder, requestedUnits, requestsOf, requestsOfOrder } from "./refunds.repository";

/** Orders whose goods may be asked back: paid or shipped. */
const REFUNDABLE = new Set(["Paid", "Shipped"]);

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
    requestsOfOrder(db(), order.id),
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

/** The customer's refund requests and their status. */
export function refundRequests(customerId: number) {
  return requestsOf(db(), customerId);
}
