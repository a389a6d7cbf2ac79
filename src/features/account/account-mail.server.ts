import { type Culture, isCulture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { escapeHtml } from "~/lib/text";
import { env } from "~/server/config/env";
import type { Executor } from "~/server/db/client";
import { enqueueMail } from "~/server/mail/outbox";

export type AccountMailKind = "Verify" | "Reset" | "PasswordChanged" | "TwoFactorChanged" | "Closure";

/**
 * An account mail in the customer's language (`Account.Mail{kind}Subject`, `…Body`), plain text and
 * HTML, with the link to follow when there is one; through the outbox, in the caller's transaction.
 */
export async function enqueueAccountMail(
  ex: Executor,
  kind: AccountMailKind,
  to: { email: string; culture: string },
  path?: string,
): Promise<void> {
  const culture: Culture = isCulture(to.culture) ? to.culture : env().DEFAULT_CULTURE;
  const t = translator(culture);
  const url = path ? `${env().siteUrl}/${culture}/${path}` : null;
  const body = t(`Account.Mail${kind}Body`, { shop: env().SHOP_NAME });
  await enqueueMail(
    {
      to: to.email,
      subject: t(`Account.Mail${kind}Subject`),
      text: [t("Orders.MailGreeting"), "", body, ...(url ? ["", url] : [])].join("\n"),
      html: `<p>${escapeHtml(t("Orders.MailGreeting"))}</p><p>${escapeHtml(body)}</p>${
        url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>` : ""
      }`,
      culture,
    },
    ex,
  );
}
