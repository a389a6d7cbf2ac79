import { sql } from "kysely";
import { sweeperRun } from "~/server/background";
import { env } from "~/server/config/env";
import { db, type Executor } from "~/server/db/client";
import { log } from "~/server/observability/log";

/** Her orders with their lines, parcels, delivery changes and withdrawals (issue 36: a shopper's own data). */
export async function orderPersonalData(customerId: number) {
  const orders = await db()
    .selectFrom("orders")
    .select([
      "id",
      "number",
      "email",
      "culture",
      "status",
      "vat_number",
      "items_tax_excl",
      "discount_tax_excl",
      "shipping_tax_excl",
      "discount_tax_incl",
      "shipping_tax_incl",
      "vat_amount",
      "total_tax_incl",
      "billing_address",
      "shipping_address",
      "payment_method",
      "prepaid_amount",
      "created_at",
      "paid_at",
      "shipped_at",
    ])
    .where("customer_id", "=", customerId)
    .orderBy("id")
    .execute();
  const ids = orders.map((o) => o.id);
  if (ids.length === 0) return [];
  const [lines, shipments, changes, withdrawals] = await Promise.all([
    db()
      .selectFrom("order_lines")
      .select(["order_id", "sku", "name", "quantity", "unit_tax_excl", "vat_rate_basis_points", "line_tax_excl"])
      .where("order_id", "in", ids)
      .orderBy("id")
      .execute(),
    db()
      .selectFrom("order_shipments")
      .select(["order_id", "carrier", "tracking_number", "tracking_url", "lines", "created_at"])
      .where("order_id", "in", ids)
      .execute(),
    db()
      .selectFrom("delivery_address_changes")
      .select(["order_id", "address", "status", "refused_reason", "created_at", "decided_at"])
      .where("order_id", "in", ids)
      .execute(),
    db()
      .selectFrom("order_withdrawals")
      .select(["order_id", "lines", "name", "address", "received_on", "created_at"])
      .where("order_id", "in", ids)
      .execute(),
  ]);
  const json = (text: string) => JSON.parse(text) as unknown;
  return orders.map(({ id, billing_address, shipping_address, ...order }) => ({
    ...order,
    billing_address: json(billing_address),
    shipping_address: json(shipping_address),
    lines: lines.filter((l) => l.order_id === id).map(({ order_id: _, ...line }) => line),
    shipments: shipments
      .filter((s) => s.order_id === id)
      .map(({ order_id: _, lines: parcel, ...s }) => ({ ...s, lines: json(parcel) })),
    deliveryChanges: changes
      .filter((c) => c.order_id === id)
      .map(({ order_id: _, address, ...c }) => ({ ...c, address: json(address) })),
    withdrawals: withdrawals
      .filter((w) => w.order_id === id)
      .map(({ order_id: _, lines: withdrawn, ...w }) => ({ ...w, lines: json(withdrawn) })),
  }));
}

/** Her orders still under way (unpaid, paid but not all sent): they block closing the account. */
export async function pendingOrders(ex: Executor, customerId: number): Promise<string[]> {
  const rows = await ex
    .selectFrom("orders")
    .select("number")
    .where("customer_id", "=", customerId)
    .where("status", "in", ["AwaitingPayment", "Paid", "PartlyShipped"])
    .orderBy("id")
    .execute();
  return rows.map((r) => r.number);
}

/**
 * Her orders stay with the closed account for the legal retention as the books need them: the buyer's
 * name, addresses, e-mail and VAT number, the amounts (the shop may still have to write to her about
 * one); the retention sweep erases them after. Her open delivery-change requests go now.
 */
export async function closeCustomerOrders(trx: Executor, customerId: number): Promise<void> {
  await trx
    .updateTable("delivery_address_changes")
    .set({ address: "{}" })
    .where("customer_id", "=", customerId)
    .execute();
}

const ERASED_ADDRESS = JSON.stringify({ FirstName: "", LastName: "", Street1: "", PostalCode: "", City: "" });

/**
 * The orders of closed accounts older than ORDER_RETENTION_YEARS lose what identified the buyer (names,
 * addresses, e-mail, VAT number, withdrawals' names): what the books had to keep is kept no longer than the law asks.
 * Answers how many orders it erased.
 */
export async function eraseExpiredOrders(now = new Date()): Promise<number> {
  const before = new Date(now);
  before.setUTCFullYear(before.getUTCFullYear() - env().ORDER_RETENTION_YEARS);
  return db()
    .transaction()
    .execute(async (trx) => {
      const closed = trx.selectFrom("customers").select("id").where("closed_at", "is not", null);
      const ids = (
        await trx
          .selectFrom("orders")
          .select("id")
          .where("customer_id", "in", closed)
          .where("created_at", "<", before.toISOString())
          .where("billing_address", "!=", ERASED_ADDRESS)
          .execute()
      ).map((row) => row.id);
      if (ids.length === 0) return 0;
      await trx
        .updateTable("orders")
        .set({
          billing_address: ERASED_ADDRESS,
          shipping_address: ERASED_ADDRESS,
          vat_number: null,
          // The closed account's own placeholder (customers' closedAccountEmail), on both dialects.
          email: sql<string>`'closed-' || cast(customer_id as text) || '@closed.invalid'`,
        })
        .where("id", "in", ids)
        .execute();
      await trx.updateTable("order_withdrawals").set({ name: "", address: "" }).where("order_id", "in", ids).execute();
      return ids.length;
    });
}

/** The retention sweep, once a day across the processes. */
export function startRetentionSweeper(): () => void {
  const day = 24 * 3_600_000;
  const sweep = () =>
    sweeperRun("order-retention", () => eraseExpiredOrders(), day).then((erased) => {
      if (erased) log().info({ erased }, "erased the buyers of orders past their retention");
    });
  void sweep();
  const timer = setInterval(sweep, day);
  timer.unref();
  return () => clearInterval(timer);
}
