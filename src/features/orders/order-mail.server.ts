import { legalPageForMail } from "~/features/content/legal-pages.server";
import { MODEL_WITHDRAWAL_FORM } from "~/features/content/model-withdrawal-form";
import { type Culture, isCulture } from "~/lib/culture";
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
  // A guest opens it in any browser with her order's key; a customer signs in.
  const key = order.customer_id === null && order.access_key ? `?key=${order.access_key}` : "";
  const url = `${env().siteUrl}/${culture}/sales/order/${order.number}/confirmation${key}`;
  const rows = lines.map((l) => `${l.quantity} × ${l.name} (${l.sku})`);
  // The terms and the withdrawal information on a durable medium (directive 2011/83/EU art. 8(7)): the
  // texts the shopper accepted, as the shop published them when she ordered.
  const legal = (
    await Promise.all([legalPageForMail(culture, "terms"), legalPageForMail(culture, "withdrawal")])
  ).filter((page) => page !== null);
  const withdrawal = withdrawalPart(order, culture);
  const text = [
    t("Orders.MailGreeting"),
    t("Orders.MailIntro", { number: order.number }),
    "",
    ...rows,
    "",
    `${t("Checkout.Total")}: ${money(order.total_tax_incl)}`,
    url,
    "",
    ...withdrawal.text,
    ...legal.flatMap((page) => ["", "", page.title.toUpperCase(), page.url, "", page.text]),
  ].join("\n");
  const html = `<p>${escapeHtml(t("Orders.MailGreeting"))}</p><p>${escapeHtml(t("Orders.MailIntro", { number: order.number }))}</p><ul>${rows
    .map((r) => `<li>${escapeHtml(r)}</li>`)
    .join(
      "",
    )}</ul><p><strong>${escapeHtml(t("Checkout.Total"))}: ${escapeHtml(money(order.total_tax_incl))}</strong></p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>${withdrawal.html}${legal
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

/**
 * How the shopper withdraws (directive 2011/83/EU): a customer from her order's page (signed in); a guest,
 * who has no account to sign in to, by mail to the shop with the model form, given here with the shop's
 * name, address and e-mail in its first line.
 */
function withdrawalPart(
  order: { number: string; customer_id: number | null; access_key: string | null },
  culture: Culture,
): { text: string[]; html: string } {
  const t = translator(culture);
  const days = env().RETURN_DAYS;
  if (order.customer_id !== null) {
    const url = `${env().siteUrl}/${culture}/account/orders/${order.number}/withdrawal`;
    const intro = t("Orders.MailWithdrawal", { days });
    return {
      text: [intro, url],
      html: `<p>${escapeHtml(intro)} <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
    };
  }
  const shop = env();
  const model = MODEL_WITHDRAWAL_FORM[culture];
  const trader = [shop.SHOP_NAME, shop.shopAddress, shop.SHOP_EMAIL].filter(Boolean).join(", ");
  // The form's first line names the trader in brackets: the shop's own.
  const lines = model.lines.map((line, i) => (i === 0 ? line.replace(/\[[^\]]*\]/, trader) : line));
  const intro = t("Orders.MailWithdrawalGuest", { days, email: shop.SHOP_EMAIL });
  // Or online: her order's key opens the form in any browser (the page then drops it from the address).
  const online = order.access_key
    ? `${shop.siteUrl}/${culture}/account/orders/${order.number}/withdrawal?key=${order.access_key}`
    : null;
  const onlineIntro = t("Orders.MailWithdrawalGuestOnline");
  return {
    text: [
      intro,
      ...(online ? [onlineIntro, online] : []),
      "",
      model.title.toUpperCase(),
      model.note,
      ...lines,
      model.footnote,
    ],
    html: `<p>${escapeHtml(intro)}</p>${
      online ? `<p>${escapeHtml(onlineIntro)} <a href="${escapeHtml(online)}">${escapeHtml(online)}</a></p>` : ""
    }<section><h2>${escapeHtml(model.title)}</h2><p><em>${escapeHtml(model.note)}</em></p>${lines
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join("")}<p><small>${escapeHtml(model.footnote)}</small></p></section>`,
  };
}
