import { sql } from "kysely";
import type { Executor } from "~/server/db/client";

export interface PrepaidAccountRow {
  id: number;
  customer_id: number;
  name: string;
  balance: number;
  notify_usage: number;
  low_balance_threshold: number;
}

const columns = ["id", "customer_id", "name", "balance", "notify_usage", "low_balance_threshold"] as const;

export function accountsOf(ex: Executor, customerId: number): Promise<PrepaidAccountRow[]> {
  return ex
    .selectFrom("prepaid_accounts")
    .select(columns)
    .where("customer_id", "=", customerId)
    .orderBy("id")
    .execute();
}

export function accountById(ex: Executor, id: number): Promise<PrepaidAccountRow | undefined> {
  return ex.selectFrom("prepaid_accounts").select(columns).where("id", "=", id).executeTakeFirst();
}

export async function movementsOf(ex: Executor, accountId: number, page: number, size: number) {
  const [rows, count] = await Promise.all([
    ex
      .selectFrom("prepaid_movements as m")
      .leftJoin("orders as o", "o.id", "m.order_id")
      .select(["m.id", "m.amount", "m.kind", "m.balance_after", "m.label", "m.created_at", "o.number as order_number"])
      .where("m.account_id", "=", accountId)
      .orderBy("m.id", "desc")
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    ex
      .selectFrom("prepaid_movements")
      .select(ex.fn.countAll().as("n"))
      .where("account_id", "=", accountId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function setNotify(ex: Executor, customerId: number, id: number, on: boolean): Promise<boolean> {
  const result = await ex
    .updateTable("prepaid_accounts")
    .set({ notify_usage: on ? 1 : 0 })
    .where("id", "=", id)
    .where("customer_id", "=", customerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Adds to a balance and writes the movement; answers the new balance. */
export async function credit(
  ex: Executor,
  accountId: number,
  amount: number,
  kind: string,
  orderId: number | null,
): Promise<number> {
  const row = await ex
    .updateTable("prepaid_accounts")
    .set((eb) => ({ balance: eb("balance", "+", amount) }))
    .where("id", "=", accountId)
    .returning("balance")
    .executeTakeFirstOrThrow();
  await movement(ex, accountId, amount, kind, orderId, row.balance);
  return row.balance;
}

/**
 * Takes from a balance only if it holds enough: the condition is in the update itself, so parallel
 * orders cannot both spend the same euro (nor go below zero). Answers the new balance, or null.
 */
export async function debit(
  ex: Executor,
  accountId: number,
  customerId: number | null,
  amount: number,
  kind: string,
  orderId: number | null,
  label: string | null = null,
): Promise<number | null> {
  const row = await ex
    .updateTable("prepaid_accounts")
    .set((eb) => ({ balance: eb("balance", "-", amount) }))
    .where("id", "=", accountId)
    .$if(customerId !== null, (q) => q.where("customer_id", "=", customerId as number))
    .where("balance", ">=", amount)
    .returning("balance")
    .executeTakeFirst();
  if (!row) return null;
  await movement(ex, accountId, -amount, kind, orderId, row.balance, label);
  return row.balance;
}

async function movement(
  ex: Executor,
  accountId: number,
  amount: number,
  kind: string,
  orderId: number | null,
  balanceAfter: number,
  label: string | null = null,
) {
  await ex
    .insertInto("prepaid_movements")
    .values({
      account_id: accountId,
      amount,
      kind,
      order_id: orderId,
      balance_after: balanceAfter,
      label,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** The order's top-up lines: account and amount (cents; no VAT on credit). */
export function topUpLines(ex: Executor, orderId: number) {
  return ex
    .selectFrom("order_lines")
    .select(["prepaid_account_id", "line_tax_excl"])
    .where("order_id", "=", orderId)
    .where("prepaid_account_id", "is not", null)
    .execute();
}

export function orderPrepaidPart(ex: Executor, orderId: number) {
  return ex
    .selectFrom("orders")
    .select(["prepaid_account_id", "prepaid_amount", "customer_id"])
    .where("id", "=", orderId)
    .executeTakeFirst();
}

export function creditVariantId(ex: Executor, sku: string) {
  return ex.selectFrom("product_variants").select("id").where("sku", "=", sku).executeTakeFirst();
}

/** Customers whose address starts with or contains `q`, for the staff's searchable select. */
export function searchCustomers(ex: Executor, q: string, limit: number) {
  return ex
    .selectFrom("customers")
    .select(["id", "email"])
    .where(sql<boolean>`email like ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`)
    .orderBy("email")
    .limit(limit)
    .execute();
}
