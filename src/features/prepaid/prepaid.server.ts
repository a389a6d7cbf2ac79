import type { SignedInCustomer } from "~/features/customers/customers";
import { currentCustomer } from "~/features/customers/customers.server";
import { mayDo } from "~/features/customers/roles";
import { isCulture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { env } from "~/server/config/env";
import { db, type Executor } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { enqueueMail } from "~/server/mail/outbox";
import type { Session } from "~/server/session/session";
import { PREPAID_CREDIT_SKU, PREPAID_MOVEMENTS_PER_PAGE } from "./prepaid";
import {
  accountById,
  accountsOf,
  credit,
  creditVariantId,
  debit,
  movementsOf,
  orderPrepaidPart,
  type PrepaidAccountRow,
  searchCustomers,
  setNotify,
  topUpLines,
} from "./prepaid.repository";

export type { PrepaidAccountRow };

export const isStaff = (customer: Pick<SignedInCustomer, "role"> | null) => mayDo(customer, "customers");

/**
 * The account a shopper may act on: their own; staff may act on any customer's (prepaid sales for a
 * customer). Another customer's account is not found.
 */
export async function accountFor(actor: Pick<SignedInCustomer, "id" | "role">, accountId: number) {
  const account = await accountById(db(), accountId);
  if (!account || (account.customer_id !== actor.id && !isStaff(actor))) throw new ApiError("NotFound");
  return account;
}

export function prepaidAccounts(customerId: number): Promise<PrepaidAccountRow[]> {
  return accountsOf(db(), customerId);
}

export async function movementsPage(actor: Pick<SignedInCustomer, "id" | "role">, accountId: number, page: number) {
  const account = await accountFor(actor, accountId);
  const { rows, total } = await movementsOf(db(), account.id, page, PREPAID_MOVEMENTS_PER_PAGE);
  return { account, rows, page, pages: Math.max(1, Math.ceil(total / PREPAID_MOVEMENTS_PER_PAGE)) };
}

/** The usage-notification checkbox: one's own accounts only. */
export async function setNotification(customerId: number, accountId: number, on: boolean): Promise<void> {
  if (!(await setNotify(db(), customerId, accountId, on))) throw new ApiError("NotFound");
}

/** The prepaid credit service variant (seeded, never listed). */
export async function prepaidCreditVariant(): Promise<number> {
  const row = await creditVariantId(db(), PREPAID_CREDIT_SKU);
  if (!row) throw new ApiError("ProductVariantNotFound");
  return row.id;
}

/** Credits the top-ups of an order being paid, inside the transaction that marks it paid (so once). */
export async function creditTopUps(trx: Executor, orderId: number): Promise<void> {
  for (const line of await topUpLines(trx, orderId))
    if (line.prepaid_account_id) await credit(trx, line.prepaid_account_id, line.line_tax_excl, "TopUp", orderId);
}

export class InsufficientCredit extends Error {
  constructor(readonly available: number) {
    super("InsufficientCredit");
  }
}

/**
 * Pays `amount` of an order from the customer's account, in the order's transaction: never more than
 * the balance, even with parallel orders (the debit's own condition). Tells the customer when the
 * balance falls under their threshold and they asked for it.
 */
export async function payFromAccount(
  trx: Executor,
  input: { accountId: number; customerId: number; amount: number; orderId: number; kind?: string },
): Promise<number> {
  const balance = await debit(
    trx,
    input.accountId,
    input.customerId,
    input.amount,
    input.kind ?? "Payment",
    input.orderId,
  );
  if (balance === null) throw new InsufficientCredit((await accountById(trx, input.accountId))?.balance ?? 0);
  const account = await accountById(trx, input.accountId);
  if (account?.notify_usage && balance < account.low_balance_threshold) await lowBalanceMail(trx, account, balance);
  return balance;
}

/** Gives back the credit an order took when it is released unpaid. */
export async function releaseOrderCredit(trx: Executor, orderId: number): Promise<void> {
  const order = await orderPrepaidPart(trx, orderId);
  if (order?.prepaid_account_id && order.prepaid_amount > 0)
    await credit(trx, order.prepaid_account_id, order.prepaid_amount, "Release", orderId);
}

/** Takes an order's credit again when a late payment reinstates it (throws InsufficientCredit if gone). */
export async function retakeOrderCredit(trx: Executor, orderId: number): Promise<void> {
  const order = await orderPrepaidPart(trx, orderId);
  if (order?.prepaid_account_id && order.prepaid_amount > 0 && order.customer_id)
    await payFromAccount(trx, {
      accountId: order.prepaid_account_id,
      customerId: order.customer_id,
      amount: order.prepaid_amount,
      orderId,
      kind: "PaymentReinstated",
    });
}

async function lowBalanceMail(trx: Executor, account: PrepaidAccountRow, balance: number) {
  const customer = await trx
    .selectFrom("customers")
    .select(["email", "culture"])
    .where("id", "=", account.customer_id)
    .executeTakeFirst();
  if (!customer) return;
  const culture = isCulture(customer.culture) ? customer.culture : env().DEFAULT_CULTURE;
  const t = translator(culture);
  const values = { name: account.name, balance: formatMoney(balance, culture) };
  const url = `${env().siteUrl}/${culture}/account/prepaid`;
  await enqueueMail(
    {
      to: customer.email,
      subject: t("Prepaid.MailLowSubject", values),
      text: `${t("Prepaid.MailLowBody", values)}\n\n${url}`,
      html: null,
      culture,
    },
    trx,
  );
}

/** Staff's customer search for prepaid sales (spec 001: `[{ Email, CustomerId }]`). */
export async function customerSearch(q: string) {
  const rows = await searchCustomers(db(), q, 20);
  return rows.map((r) => ({ Email: r.email, CustomerId: r.id }));
}

/** The signed-in customer, who must be staff: a shopper is forbidden (403), a guest unauthorised (401). */
export async function staffMember(session: Session): Promise<SignedInCustomer> {
  const customer = await currentCustomer(session);
  if (!customer) throw new ApiError("Unauthorized");
  if (!isStaff(customer)) throw new ApiError("Forbidden");
  return customer;
}

/** Who acts: the signed-in customer (401 without one). */
export async function actingCustomer(session: Session): Promise<SignedInCustomer> {
  const customer = await currentCustomer(session);
  if (!customer) throw new ApiError("Unauthorized");
  return customer;
}

/** One of the customer's own accounts, read with the caller's executor (the checkout's transaction). */
export async function ownPrepaidAccount(ex: Executor, customerId: number, accountId: number) {
  const account = await accountById(ex, accountId);
  return account && account.customer_id === customerId ? account : undefined;
}

/**
 * Staff pay for a customer from her credit (prepaid sales at the counter): a debit of the account in
 * its own transaction, never below zero however many arrive at once, with the usual low-balance mail.
 */
export async function staffPayment(
  staff: Pick<SignedInCustomer, "role">,
  input: { PrepaidAccountId: number; Amount: number; Label: string },
): Promise<number> {
  if (!isStaff(staff)) throw new ApiError("Forbidden");
  const account = await accountById(db(), input.PrepaidAccountId);
  if (!account) throw new ApiError("NotFound");
  return db()
    .transaction()
    .execute(async (trx) => {
      const balance = await debit(trx, account.id, null, input.Amount, "StaffPayment", null, input.Label);
      if (balance === null) throw new ApiError("InsufficientCredit", { Amount: [] });
      const after = await accountById(trx, account.id);
      if (after?.notify_usage && balance < after.low_balance_threshold) await lowBalanceMail(trx, after, balance);
      return balance;
    });
}
