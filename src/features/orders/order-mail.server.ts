import { isCulture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { env } from "~/server/config/env";
import { db } from "~/server/db/client";
import { enqueueMail } from "~/server/mail/outbox";
import { orderById, orderLines } from "./orders.repository";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The order confirmation mail in the order's language, plain text and HTML, through the outbox. */
export async function enqueueOrderConfirmation(orderId: number): Promise<void> {
  const order = await orderById(db(), orderId);
  if (!order) return;
  const culture = isCulture(order.culture) ? order.culture : env().DEFAULT_CULTURE;
  const t = translator(culture);
  const lines = await orderLines(db(), order.id);
  const money = (cents: number) => formatMoney(cents, culture);
  const url = `${env().siteUrl}/${culture}/sales/order/${order.number}/confirmation`;
  const rows = lines.map((l) => `${l.quantity} × ${l.name} (${l.sku})`);
  const text = [
    t("Orders.MailGreeting"),
    t("Orders.MailIntro", { number: order.number }),
    "",
    ...rows,
    "",
    `${t("Checkout.Total")}: ${money(order.total_tax_incl)}`,
    url,
  ].join("\n");
  const html = `<p>${escapeHtml(t("Orders.MailGreeting"))}</p><p>${escapeHtml(t("Orders.MailIntro", { number: order.number }))}</p><ul>${rows
    .map((r) => `<li>${escapeHtml(r)}</li>`)
    .join(
      "",
    )}</ul><p><strong>${escapeHtml(t("Checkout.Total"))}: ${escapeHtml(money(order.total_tax_incl))}</strong></p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`;
  await enqueueMail({
    to: order.email,
    subject: t("Orders.MailSubject", { number: order.number }),
    text,
    html,
    culture,
  });
}
