import { z } from "zod";
import {
  addressPersonalData,
  eraseAccountData,
  mailClosureLink,
  useClosureLink,
} from "~/features/account/closure.server";
import { confirmIdentity } from "~/features/account/two-factor.server";
import { birthListPersonalData, eraseBirthLists } from "~/features/birthlists/personal-data.server";
import { cartPersonalData, eraseCarts } from "~/features/cart/personal-data.server";
import { catalogPersonalData, eraseCatalogData } from "~/features/catalog/personal-data.server";
import { consentPersonalData, unlinkConsent } from "~/features/consent/consent.server";
import { anonymiseCouponUses, couponPersonalData } from "~/features/coupons/personal-data.server";
import {
  anonymiseCustomerRow,
  closedAccountEmail,
  customerProfile,
  customerSecurity,
} from "~/features/customers/customers.server";
import { closeCustomerOrders, orderPersonalData, pendingOrders } from "~/features/orders/personal-data.server";
import { erasePrepaidNames, prepaidBalance, prepaidPersonalData } from "~/features/prepaid/personal-data.server";
import {
  eraseRefundDetails,
  moneyOwed,
  openRefundRequests,
  refundPersonalData,
} from "~/features/refunds/personal-data.server";
import { eraseWishlists, wishlistPersonalData } from "~/features/wishlists/personal-data.server";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { db, type Executor } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { forgetMailsTo, mailsTo } from "~/server/mail/outbox";
import { endOtherSessions } from "~/server/session/session";

/**
 * A shopper's own data (GDPR articles 15, 17 and 20, issue 36): everything the shop holds about her as
 * one JSON document, and the closure of her account. Each feature says what it holds and how it forgets
 * it (its `personal-data.server.ts`); this feature only gathers and orders them.
 */
export async function personalDataExport(customerId: number) {
  const account = await customerProfile(db(), customerId);
  if (!account) throw new ApiError("Unauthorized");
  const [addresses, orders, wishlists, birthLists, prepaid, refunds, consent, coupons, catalog, carts, mails] =
    await Promise.all([
      addressPersonalData(customerId),
      orderPersonalData(customerId),
      wishlistPersonalData(customerId),
      birthListPersonalData(customerId),
      prepaidPersonalData(customerId),
      refundPersonalData(customerId),
      consentPersonalData(customerId),
      couponPersonalData(customerId),
      catalogPersonalData(customerId, account.email),
      cartPersonalData(customerId),
      mailsTo(account.email),
    ]);
  return {
    ExportedAt: new Date().toISOString(),
    Account: account,
    Addresses: addresses,
    Orders: orders,
    Wishlists: wishlists,
    BirthLists: birthLists,
    Prepaid: prepaid,
    RefundRequests: refunds,
    ConsentRecords: consent,
    CouponUses: coupons,
    StockAlerts: catalog.stockAlerts,
    ProductReferences: catalog.productReferences,
    Carts: carts,
    Mails: mails,
  };
}

/**
 * What keeps an account open, each said in her language: money owed either way (orders under way or
 * unpaid, unused credit, refunds awaited, a withdrawal not refunded yet, a provider's refund under way):
 * until it is settled the shop must be able to write to her.
 */
export async function closureBlockers(customerId: number, culture: Culture, ex: Executor = db()): Promise<string[]> {
  const t = translator(culture);
  const [orders, balance, refunds, owed] = await Promise.all([
    pendingOrders(ex, customerId),
    prepaidBalance(ex, customerId),
    openRefundRequests(ex, customerId),
    moneyOwed(ex, customerId),
  ]);
  return [
    ...(orders.length ? [t("Privacy.BlockedByOrders", { numbers: orders.join(", ") })] : []),
    ...(balance > 0 ? [t("Privacy.BlockedByCredit", { amount: formatMoney(balance, culture) })] : []),
    ...(refunds > 0 ? [t("Privacy.BlockedByRefunds")] : []),
    ...(owed.withdrawals.length ? [t("Privacy.BlockedByWithdrawals", { numbers: owed.withdrawals.join(", ") })] : []),
    ...(owed.providerRefunds.length
      ? [t("Privacy.BlockedByProviderRefunds", { numbers: owed.providerRefunds.join(", ") })]
      : []),
  ];
}

export const ClosureRequestSchema = z.object({
  Password: z.string().min(1).max(200),
  Code: z.string().trim().max(40).nullish(),
});

/**
 * Step one of closing her account: her password (and second factor when enrolled), nothing blocking it,
 * then a one-hour link mailed to her address: whoever holds only her session cannot close it.
 */
export async function requestClosure(
  customerId: number,
  input: z.infer<typeof ClosureRequestSchema>,
  culture: Culture,
) {
  await confirmIdentity(customerId, input, culture);
  const blockers = await closureBlockers(customerId, culture);
  if (blockers.length) throw new ApiError("AccountClosureBlocked", { Closure: blockers });
  const account = await customerSecurity(db(), customerId);
  if (!account) throw new ApiError("Unauthorized");
  await db()
    .transaction()
    .execute((trx) => mailClosureLink(trx, { id: customerId, email: account.email, culture: account.culture }));
  return { Sent: true };
}

export const ClosureConfirmSchema = z.object({ Token: z.string().min(20).max(100) });

/**
 * Step two, from the mailed link: in one transaction the link is used, the blockers are checked again,
 * and every feature forgets her (the account row anonymised and kept for her orders, which keep the
 * invoice's buyer, her name, addresses, e-mail and VAT number, for ORDER_RETENTION_YEARS); then every
 * session of hers ends.
 */
export async function closeAccount(input: z.infer<typeof ClosureConfirmSchema>, culture: Culture) {
  const closedId = await db()
    .transaction()
    .execute(async (trx) => {
      const customerId = await useClosureLink(trx, input.Token);
      const blockers = await closureBlockers(customerId, culture, trx);
      if (blockers.length) throw new ApiError("AccountClosureBlocked", { Closure: blockers });
      const account = await customerSecurity(trx, customerId);
      if (!account) throw new ApiError("LinkNotValid");
      const now = new Date().toISOString();
      const closedEmail = closedAccountEmail(customerId);
      if (!(await anonymiseCustomerRow(trx, customerId, now))) throw new ApiError("LinkNotValid");
      await eraseAccountData(trx, customerId);
      await eraseCarts(trx, customerId);
      await eraseWishlists(trx, customerId);
      await eraseBirthLists(trx, customerId, now);
      await eraseCatalogData(trx, customerId, account.email);
      await erasePrepaidNames(trx, customerId);
      await eraseRefundDetails(trx, customerId);
      await anonymiseCouponUses(trx, customerId, closedEmail);
      await unlinkConsent(trx, customerId);
      await closeCustomerOrders(trx, customerId);
      await forgetMailsTo(trx, account.email);
      return customerId;
    });
  await endOtherSessions(closedId, null);
  return { Closed: true };
}
