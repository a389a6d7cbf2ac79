import type { Executor } from "~/server/db/client";
import type { Database } from "~/server/db/schema";
import type { Coupon } from "./coupons";

type Row = Database["coupons"] & { id: number };

function toCoupon(row: Row): Coupon {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind === "amount" ? "amount" : "percent",
    value: row.value,
    minAmountTaxIncl: row.min_amount_tax_incl,
    categoryId: row.category_id,
    brandId: row.brand_id,
    isActive: row.is_active === 1,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    maxUses: row.max_uses,
    maxUsesPerCustomer: row.max_uses_per_customer,
    customerId: row.customer_id,
  };
}

export async function couponByCode(ex: Executor, code: string): Promise<Coupon | null> {
  const row = await ex.selectFrom("coupons").selectAll().where("code", "=", code).executeTakeFirst();
  return row ? toCoupon(row as Row) : null;
}

export async function couponById(ex: Executor, id: number): Promise<Coupon | null> {
  const row = await ex.selectFrom("coupons").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toCoupon(row as Row) : null;
}

/** Uses of a coupon overall and by one shopper (a customer id, or the e-mail of a guest). */
export async function couponUses(
  ex: Executor,
  couponId: number,
  shopper: { customerId: number | null; email: string | null },
): Promise<{ total: number; byShopper: number }> {
  const total = await ex
    .selectFrom("coupon_uses")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("coupon_id", "=", couponId)
    .executeTakeFirst();
  let byShopper = 0;
  if (shopper.customerId !== null || shopper.email) {
    const mine = await ex
      .selectFrom("coupon_uses")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("coupon_id", "=", couponId)
      .where((eb) =>
        eb.or([
          ...(shopper.customerId !== null ? [eb("customer_id", "=", shopper.customerId)] : []),
          ...(shopper.email ? [eb("email", "=", shopper.email.toLowerCase())] : []),
        ]),
      )
      .executeTakeFirst();
    byShopper = Number(mine?.n ?? 0);
  }
  return { total: Number(total?.n ?? 0), byShopper };
}

/** Coupons a signed-in customer may use: their own and the public ones, active and not past their date. */
export async function couponsForCustomer(ex: Executor, customerId: number, now: Date): Promise<Coupon[]> {
  const iso = now.toISOString();
  const rows = await ex
    .selectFrom("coupons")
    .selectAll()
    .where("is_active", "=", 1)
    .where((eb) => eb.or([eb("customer_id", "=", customerId), eb("customer_id", "is", null)]))
    .where((eb) => eb.or([eb("valid_to", "is", null), eb("valid_to", ">=", iso)]))
    .where((eb) => eb.or([eb("valid_from", "is", null), eb("valid_from", "<=", iso)]))
    .orderBy("code")
    .execute();
  return rows.map((r) => toCoupon(r as Row));
}

/** Counts a coupon's use by an order (inside the order's transaction). */
export async function recordCouponUse(
  ex: Executor,
  use: { couponId: number; orderId: number; customerId: number | null; email: string; at: string },
): Promise<void> {
  await ex
    .insertInto("coupon_uses")
    .values({
      coupon_id: use.couponId,
      order_id: use.orderId,
      customer_id: use.customerId,
      email: use.email,
      created_at: use.at,
    })
    .execute();
}

/** Frees an order's coupon use (the order was cancelled). */
export async function freeCouponUse(ex: Executor, orderId: number): Promise<void> {
  await ex.deleteFrom("coupon_uses").where("order_id", "=", orderId).execute();
}
