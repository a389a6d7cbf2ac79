import { db, type Executor } from "~/server/db/client";

/** Her prepaid accounts and every movement on them (issue 36: a shopper's own data). */
export async function prepaidPersonalData(customerId: number) {
  const accounts = await db()
    .selectFrom("prepaid_accounts")
    .select(["id", "name", "balance", "notify_usage", "low_balance_threshold", "created_at"])
    .where("customer_id", "=", customerId)
    .orderBy("id")
    .execute();
  const movements = accounts.length
    ? await db()
        .selectFrom("prepaid_movements")
        .select(["account_id", "amount", "kind", "order_id", "balance_after", "label", "created_at"])
        .where(
          "account_id",
          "in",
          accounts.map((a) => a.id),
        )
        .orderBy("id")
        .execute()
    : [];
  return accounts.map((account) => ({ ...account, movements: movements.filter((m) => m.account_id === account.id) }));
}

/** What is left on her prepaid accounts, in cents: an unused balance blocks closing the account. */
export async function prepaidBalance(ex: Executor, customerId: number): Promise<number> {
  const row = await ex
    .selectFrom("prepaid_accounts")
    .select((eb) => eb.fn.sum<number>("balance").as("total"))
    .where("customer_id", "=", customerId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Her emptied accounts stay for the orders they paid (bookkeeping), without the names she gave them. */
export async function erasePrepaidNames(trx: Executor, customerId: number): Promise<void> {
  await trx
    .updateTable("prepaid_accounts")
    .set({ name: "", notify_usage: 0 })
    .where("customer_id", "=", customerId)
    .execute();
}
