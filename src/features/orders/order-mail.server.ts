import { legalPageForMail } from "~/features/content/legal-pages.server";
import { isCulture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { escapeHtml } from "~/lib/text";
import { env } from "~/server/config/env";
import { db } from "~/server/db/client";
import { enqueueMail } from "~/server/mail/outbox";
import { orderById, orderLines } from "./orders.repository";

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
  // The terms and the withdrawal information on a durable medium (directive 2011/83/EU art. 8(7)): the
  // texts the shopper accepted, as the shop published them when she ordered.
  const legal = (
    await Promise.all([legalPageForMail(culture, "terms"), legalPageForMail(culture, "withdrawal")])
  ).filter((page) => page !== null);
  const withdrawUrl = `${env().siteUrl}/${culture}/account/orders/${order.number}/withdrawal`;
  const text = [
    t("Orders.MailGreeting"),
    t("Orders.MailIntro", { number: order.number }),
    "",
    ...rows,
    "",
    `${t("Checkout.Total")}: ${money(order.total_tax_incl)}`,
    url,
    "",
    t("Orders.MailWithdrawal", { days: env().RETURN_DAYS }),
    withdrawUrl,
    ...legal.flatMap((page) => ["", "", page.title.toUpperCase(), page.url, "", page.text]),
  ].join("\n");
  const html = `<p>${escapeHtml(t("Orders.MailGreeting"))}</p><p>${escapeHtml(t("Orders.MailIntro", { number: order.number }))}</p><ul>${rows
    .map((r) => `<li>${escapeHtml(r)}</li>`)
    .join(
      "",
    )}</ul><p><strong>${escapeHtml(t("Checkout.Total"))}: ${escapeHtml(money(order.total_tax_incl))}</strong></p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>${escapeHtml(t("Orders.MailWithdrawal", { days: env().RETURN_DAYS }))} <a href="${escapeHtml(withdrawUrl)}">${escapeHtml(withdrawUrl)}</a></p>${legal
    .map(
      (page) =>
        `<hr><section><h1>${escapeHtml(page.title)}</h1><p><a href="${escapeHtml(page.url)}">${escapeHtml(page.url)}</a></p>${page.html}</section>`,
    )
    .join("")}`;
  await enqueueMail({
    to: order.email,
    subject: t("Orders.MailSubject", { number: order.number }),
    text,
    html,
    culture,
  });
}
