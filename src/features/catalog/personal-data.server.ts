import { db, type Executor } from "~/server/db/client";

/** Her back-in-stock alerts and her own references for products (issue 36: a shopper's own data). */
export async function catalogPersonalData(customerId: number, email: string) {
  const [alerts, references] = await Promise.all([
    db()
      .selectFrom("stock_notifications")
      .select(["variant_id", "email", "culture", "created_at", "notified_at"])
      .where((eb) => eb.or([eb("customer_id", "=", customerId), eb("email", "=", email)]))
      .orderBy("id")
      .execute(),
    db()
      .selectFrom("customer_references")
      .select(["variant_id", "reference", "updated_at"])
      .where("customer_id", "=", customerId)
      .execute(),
  ]);
  return { stockAlerts: alerts, productReferences: references };
}

/** Her alerts and references go with her account. */
export async function eraseCatalogData(trx: Executor, customerId: number, email: string): Promise<void> {
  await trx
    .deleteFrom("stock_notifications")
    .where((eb) => eb.or([eb("customer_id", "=", customerId), eb("email", "=", email)]))
    .execute();
  await trx.deleteFrom("customer_references").where("customer_id", "=", customerId).execute();
}
