import { db, type Executor } from "~/server/db/client";

/** The coupons she used, with the order each went to (issue 36: a shopper's own data). */
export async function couponPersonalData(customerId: number) {
  return db()
    .selectFrom("coupon_uses")
    .innerJoin("coupons", "coupons.id", "coupon_uses.coupon_id")
    .select(["coupons.code", "coupon_uses.order_id", "coupon_uses.email", "coupon_uses.created_at"])
    .where("coupon_uses.customer_id", "=", customerId)
    .orderBy("coupon_uses.id")
    .execute();
}

/** The uses stay (a coupon's limits count them), under the anonymised address. */
export async function anonymiseCouponUses(trx: Executor, customerId: number, anonymisedEmail: string): Promise<void> {
  await trx.updateTable("coupon_uses").set({ email: anonymisedEmail }).where("customer_id", "=", customerId).execute();
}
