import type { Kysely } from "kysely";
import { tableWithId } from "./columns";
import type { Dialect } from "./index";

/**
 * Real payment providers (issue 34): the method the shopper chose at the checkout, what was refunded of
 * each payment (a guard no parallel refund may pass), each refund asked of the provider with its own
 * idempotency key, and every provider notification stored before it is processed (a notification that
 * was answered is never lost, even when its processing fails and must be retried).
 */
export async function m020_payment_providers(anyDb: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  const s = db.schema;
  await s
    .alterTable("orders")
    .addColumn("payment_method", "text", (c) => c.notNull().defaultTo("card"))
    .execute();
  await s.alterTable("orders").addColumn("chargeback_at", "text").execute();
  await s
    .alterTable("payments")
    .addColumn("method", "text", (c) => c.notNull().defaultTo("card"))
    .execute();
  // Captured: what the provider said it took (an authorisation of the whole amount, with automatic capture).
  await s
    .alterTable("payments")
    .addColumn("captured", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // Refunded: what refunds asked for and not failed; `captured - refunded` is what may still be given back.
  await s
    .alterTable("payments")
    .addColumn("refunded", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await s
    .createTable("payment_refunds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("payment_id", "text", (c) => c.notNull().references("payments.id"))
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull()) // Pending | Refunded | Failed
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("provider_ref", "text")
    .addColumn("refund_request_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await s.createIndex("payment_refunds_payment").on("payment_refunds").column("payment_id").execute();
  await s.createIndex("payments_psp").on("payments").column("psp_reference").execute();
  await tableWithId(db, dialect, "payment_notifications")
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .addColumn("processed_at", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .execute();
  await s
    .createIndex("payment_notifications_waiting")
    .on("payment_notifications")
    .columns(["processed_at", "id"])
    .execute();
  // Staff decide a shopper's refund request: the amount they approved (the provider's refund follows) or why they refused.
  await s.alterTable("refund_requests").addColumn("approved_amount", "integer").execute();
  await s.alterTable("refund_requests").addColumn("refused_reason", "text").execute();
  await s.alterTable("refund_requests").addColumn("decided_by", "integer").execute();
  await s.alterTable("refund_requests").addColumn("decided_at", "text").execute();
  // Payments authorised before: their captured amount is what they authorised.
  await db
    .updateTable("payments")
    .set((eb) => ({ captured: eb.ref("amount") }))
    .where("status", "=", "Authorised")
    .execute();
}
