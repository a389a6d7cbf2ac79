/**
 * The coupons feature's face for the rest of the shop (the cart applies a code, the checkout counts its
 * uses again inside the order's transaction): its repository stays private.
 */
export { couponByCode, couponById, couponsForCustomer, couponUses } from "./coupon.repository";
