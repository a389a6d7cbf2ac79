import { z } from "zod";
import { MODEL_WITHDRAWAL_FORM } from "~/features/content/model-withdrawal-form";
import { type Culture, isCulture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { dateTimeFormat } from "~/lib/intl";
import { env } from "~/server/config/env";
import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { enqueueMail } from "~/server/mail/outbox";
import { rateLimiter, tooManyAttempts } from "~/server/security/rate-limit";
import type { Session } from "~/server/session/session";
import { insertWithdrawal, lockOrder, orderLines, withdrawalRows } from "./orders.repository";
import { ownOrder } from "./orders.server";

/**
 * Withdrawal from a distance contract (directive 2011/83/EU art. 9–11, issue 36): the shopper fills the
 * EU model form (annex I(B)) from her order page, prefilled with what the shop knows; it is stored as
 * sent and mailed to the shop and to her (her durable copy). A line she withdrew from once is not offered
 * again. The refund itself follows the shop's refund flow.
 */
export const WithdrawalSchema = z.object({
  OrderNumber: z
    .string()
    .trim()
    .regex(/^VT-[0-9A-F]{10}$/),
  Lines: z.array(z.coerce.number().int().min(1).max(2_147_483_647)).min(1).max(200),
  Name: z.string().trim().min(1).max(200),
  Address: z.string().trim().min(1).max(1000),
  ReceivedOn: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullish()
    .or(z.literal("").transform(() => null)),
});
export type WithdrawalInput = z.infer<typeof WithdrawalSchema>;

/** The form as posted without JavaScript: `Line-{id}` checkboxes become the lines. */
export function withdrawalFromForm(orderNumber: string, form: Record<string, string>): Record<string, unknown> {
  const Lines = Object.keys(form)
    .filter((name) => /^Line-\d+$/.test(name))
    .map((name) => name.slice("Line-".length));
  return { ...form, OrderNumber: orderNumber, Lines };
}

/** Withdrawals one customer may send in an hour: each one mails the shop. */
export const WITHDRAWALS_PER_CUSTOMER_PER_HOUR = 5;

/** Orders one may withdraw from: paid, whether shipped or not (an unpaid one is simply not paid, a cancelled one is over). */
export function withdrawalOpen(order: { status: string }): boolean {
  return order.status === "Paid" || order.status === "PartlyShipped" || order.status === "Shipped";
}

interface WithdrawnLine {
  OrderLineId: number;
  Name: string;
  Sku: string;
  Quantity: number;
}

/**
 * The shopper's order: a customer's signed in, or a guest's in the session that placed it or opened it
 * from her mail's link (`ownOrder` of orders.server.ts); another's is not found.
 */
async function shoppersOrder(session: Session, number: string): Promise<OwnOrder> {
  const own = await ownOrder(session, number);
  if (!own) throw new ApiError("OrderNotFound");
  return own;
}

/** The shopper's order with its lines, as `ownOrder` reads it. */
export type OwnOrder = NonNullable<Awaited<ReturnType<typeof ownOrder>>>;

/**
 * An order's withdrawal form: the lines still open, what to prefill, the withdrawals sent. `own` is the
 * shopper's order when the caller has read it already (the page does, to tell a guest's from a
 * customer's): it is not read twice.
 */
export async function withdrawalForm(session: Session, number: string, own?: OwnOrder) {
  const { order, lines } = own ?? (await shoppersOrder(session, number));
  const sent = await withdrawals(order.id);
  const withdrawn = new Set(sent.flatMap((w) => w.lines.map((l) => l.OrderLineId)));
  // The billing address as the checkout stored it (the address fields themselves).
  const a = JSON.parse(order.billing_address) as {
    FirstName?: string;
    LastName?: string;
    Company?: string | null;
    Street1?: string;
    Street2?: string | null;
    PostalCode?: string;
    City?: string;
  };
  return {
    order,
    open: withdrawalOpen(order),
    lines: lines
      .filter((line) => !withdrawn.has(Number(line.id)))
      .map((line) => ({ id: Number(line.id), name: line.name, sku: line.sku, quantity: line.quantity })),
    name: [a.FirstName, a.LastName].filter(Boolean).join(" "),
    address: [a.Company, a.Street1, a.Street2, [a.PostalCode, a.City].filter(Boolean).join(" ")]
      .filter(Boolean)
      .join("\n"),
    sent,
  };
}

/** The withdrawals of an order, oldest first. */
export async function withdrawals(orderId: number) {
  const rows = await withdrawalRows(db(), orderId);
  return rows.map((row) => ({
    id: Number(row.id),
    lines: JSON.parse(row.lines) as WithdrawnLine[],
    name: row.name,
    address: row.address,
    receivedOn: row.received_on,
    createdAt: row.created_at,
  }));
}

/** The model form, filled in, as the text both mails carry (in the culture of their reader). */
export function filledModelForm(
  culture: Culture,
  filled: {
    orderedOn: string;
    receivedOn: string | null;
    name: string;
    address: string;
    lines: WithdrawnLine[];
    sentOn: Date;
  },
): string {
  const form = MODEL_WITHDRAWAL_FORM[culture];
  const date = (iso: string | Date) =>
    dateTimeFormat(culture, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
  const [to, statement, ordered, name, address, , dated] = form.lines as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  return [
    form.title,
    "",
    `${to.replace(/\[[^\]]*\]/, "").trim()} ${env().SHOP_EMAIL}`,
    statement,
    ...filled.lines.map((line) => `  - ${line.Quantity} × ${line.Name} (${line.Sku})`),
    `${ordered} ${date(filled.orderedOn)}${filled.receivedOn ? ` / ${date(`${filled.receivedOn}T00:00:00Z`)}` : ""}`,
    `${name} ${filled.name}`,
    `${address} ${filled.address.replace(/\n/g, ", ")}`,
    `${dated} ${date(filled.sentOn)}`,
  ].join("\n");
}

/**
 * A withdrawal from lines of one of the shopper's paid orders: checked (hers, paid, lines of that order
 * not withdrawn before, a reception date neither before the order nor in the future, within RETURN_DAYS of
 * it when given), stored, mailed to the shop and to her in one transaction with the outbox.
 */
export async function withdrawFromOrder(session: Session, input: WithdrawalInput, culture: Culture) {
  const t = translator(culture);
  const { order } = await shoppersOrder(session, input.OrderNumber);
  if (!withdrawalOpen(order)) throw new ApiError("OrderNotWithdrawable");
  const now = new Date();
  if (input.ReceivedOn) {
    const received = new Date(`${input.ReceivedOn}T00:00:00Z`);
    const ordered = new Date(`${order.created_at.slice(0, 10)}T00:00:00Z`);
    if (Number.isNaN(received.getTime()) || received < ordered || received > now)
      throw new ApiError("ValidationFailed", { ReceivedOn: [t("Errors.WithdrawalReceivedOn")] });
    if (now.getTime() - received.getTime() > (env().RETURN_DAYS + 1) * 86_400_000)
      throw new ApiError("WithdrawalPeriodOver", {
        ReceivedOn: [t("Errors.WithdrawalPeriodOverDays", { days: env().RETURN_DAYS })],
      });
  }
  // Per customer; a guest's per order (her session may be new: opened from her mail).
  const limited = order.customer_id !== null ? `customer:${order.customer_id}` : `order:${order.id}`;
  const wait = await rateLimiter().hit(`withdrawal:${limited}`, {
    max: WITHDRAWALS_PER_CUSTOMER_PER_HOUR,
    windowSeconds: 3600,
  });
  if (wait > 0) throw tooManyAttempts(wait);
  const orderCulture = isCulture(order.culture) ? order.culture : culture;
  const shopCulture = env().DEFAULT_CULTURE;
  return db()
    .transaction()
    .execute(async (trx) => {
      // Two forms sent at once for one order take turns: a line is withdrawn from once.
      await lockOrder(trx, order.id);
      const lines = await orderLines(trx, order.id);
      const earlier = await withdrawalRows(trx, order.id);
      const withdrawn = new Set(
        earlier.flatMap((w) => (JSON.parse(w.lines) as WithdrawnLine[]).map((l) => l.OrderLineId)),
      );
      const chosen = [...new Set(input.Lines)].map((id) => lines.find((line) => Number(line.id) === id));
      if (chosen.some((line) => !line))
        throw new ApiError("ValidationFailed", { Lines: [t("Errors.WithdrawalLines")] });
      const picked = chosen as NonNullable<(typeof chosen)[number]>[];
      if (picked.some((line) => withdrawn.has(Number(line.id)))) throw new ApiError("AlreadyWithdrawn");
      const withdrawnLines: WithdrawnLine[] = picked.map((line) => ({
        OrderLineId: Number(line.id),
        Name: line.name,
        Sku: line.sku,
        Quantity: line.quantity,
      }));
      const id = await insertWithdrawal(trx, {
        order_id: order.id,
        customer_id: order.customer_id,
        lines: JSON.stringify(withdrawnLines),
        name: input.Name,
        address: input.Address,
        received_on: input.ReceivedOn ?? null,
        culture,
        created_at: now.toISOString(),
      });
      const filled = {
        orderedOn: order.created_at,
        receivedOn: input.ReceivedOn ?? null,
        name: input.Name,
        address: input.Address,
        lines: withdrawnLines,
        sentOn: now,
      };
      const s = translator(shopCulture);
      await enqueueMail(
        {
          to: env().SHOP_EMAIL,
          subject: s("Orders.WithdrawalMailSubject", { number: order.number }),
          text: [
            s("Orders.WithdrawalShopMail", { number: order.number, email: order.email }),
            "",
            filledModelForm(shopCulture, filled),
          ].join("\n"),
          html: null,
          culture: shopCulture,
        },
        trx,
      );
      const o = translator(orderCulture);
      await enqueueMail(
        {
          to: order.email,
          subject: o("Orders.WithdrawalMailSubject", { number: order.number }),
          text: [
            o("Orders.WithdrawalCopyMail", { number: order.number }),
            "",
            filledModelForm(orderCulture, filled),
          ].join("\n"),
          html: null,
          culture: orderCulture,
        },
        trx,
      );
      return { Id: id, Lines: withdrawnLines };
    });
}
