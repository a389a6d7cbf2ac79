import { z } from "zod";
import { defineEndpoint } from "~/server/http/endpoint";
import { ApiError } from "~/server/http/errors";
import { availableCoupons } from "./coupons.server";

const CouponView = z.object({
  CouponCode: z.string(),
  Description: z.string(),
  ValidTo: z.string().nullable(),
  MinimumAmountHtml: z.string().nullable(),
});

export const customerCoupons = defineEndpoint({
  method: "get",
  path: "/couponcode/user/:id",
  summary: "Coupons the signed-in customer may use (their own id only: 401 signed out, 404 another's)",
  tags: ["coupons"],
  params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
  response: z.array(CouponView),
  auth: true,
  run: ({ params, customerId, culture }) => {
    if (customerId !== params.id) throw new ApiError("NotFound");
    return availableCoupons(customerId, culture);
  },
});
