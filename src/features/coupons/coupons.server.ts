import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { numberFormat } from "~/lib/intl";
import { formatMoney } from "~/lib/money";
import { db } from "~/server/db/client";
import { couponsForCustomer } from "./coupons.repository";

/**
 * The coupons feature's face for the rest of the shop (the cart applies a code, the checkout counts its
 * uses again inside the order's transaction): its repository stays private.
 */
export {
  couponByCode,
  couponById,
  couponsForCustomer,
  couponUses,
  freeCouponUse,
  recordCouponUse,
} from "./coupons.repository";

/** The coupon list modal's rows for a signed-in customer. */
export async function availableCoupons(customerId: number, culture: Culture) {
  const t = translator(culture);
  const coupons = await couponsForCustomer(db(), customerId, new Date());
  return coupons.map((coupon) => ({
    CouponCode: coupon.code,
    Description:
      coupon.kind === "percent"
        ? t("Coupons.PercentOff", { percent: numberFormat(culture).format(coupon.value / 100) })
        : t("Coupons.AmountOff", { amount: formatMoney(coupon.value, culture) }),
    ValidTo: coupon.validTo,
    MinimumAmountHtml: coupon.minAmountTaxIncl > 0 ? formatMoney(coupon.minAmountTaxIncl, culture) : null,
  }));
}
