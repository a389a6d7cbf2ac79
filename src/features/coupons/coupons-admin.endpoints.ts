import { z } from "zod";
import { adminActor } from "~/features/integration/integration.server";
import { defineEndpoint } from "~/server/http/endpoint";
import { ApiError } from "~/server/http/errors";
import { CouponBody, CouponCode } from "./coupons-admin.schemas";
import { couponAnswers, putCoupon } from "./coupons-admin.server";

const TAGS = ["integration"];
const Code = z.object({ code: CouponCode });

/** A coupon as the integration API answers it (couponAnswers). */
const CouponAnswer = z.object({
  Code: z.string(),
  Percent: z.number().nullable(),
  Amount: z.number().nullable(),
  MinimumTotal: z.number(),
  ValidFrom: z.string().nullable(),
  ValidTo: z.string().nullable(),
  MaxUses: z.number().nullable(),
  MaxUsesPerCustomer: z.number().nullable(),
  Category: z.string().nullable(),
  Brand: z.string().nullable(),
  Customer: z.string().nullable(),
  Active: z.boolean(),
  Uses: z.number(),
});

export const putCouponEndpoint = defineEndpoint({
  method: "put",
  path: "/admin/coupons/:code",
  summary:
    "Integration API (catalog:write): creates or updates a coupon by its code (letters, digits, _ and -; shoppers type it in any case): Percent (up to two decimals) or Amount (cents, tax included), MinimumTotal (cents, tax included), ValidFrom and ValidTo (ISO 8601), MaxUses, MaxUsesPerCustomer, Category (a category key), Brand (a brand name), Customer (the e-mail of the one customer it is for) and Active; what is left out stays, null removes a limit",
  tags: TAGS,
  params: Code,
  body: CouponBody,
  crossOrigin: true,
  response: CouponAnswer.extend({ Created: z.boolean() }),
  run: async (call) => putCoupon(await adminActor(call, "catalog:write"), call.params.code, call.body, call.culture),
});

export const getCouponEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/coupons/:code",
  summary: "Integration API (catalog:read): a coupon in the shape PUT writes, with how many orders used it",
  tags: TAGS,
  params: Code,
  crossOrigin: true,
  response: CouponAnswer,
  run: async (call) => {
    await adminActor(call, "catalog:read");
    const [coupon] = await couponAnswers(call.params.code);
    if (!coupon) throw new ApiError("NotFound");
    return coupon;
  },
});

export const listCouponsEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/coupons",
  summary: "Integration API (catalog:read): every coupon, active or not, in the shape PUT writes, with its uses",
  tags: TAGS,
  crossOrigin: true,
  response: z.object({ Coupons: z.array(CouponAnswer) }),
  run: async (call) => {
    await adminActor(call, "catalog:read");
    return { Coupons: await couponAnswers() };
  },
});
