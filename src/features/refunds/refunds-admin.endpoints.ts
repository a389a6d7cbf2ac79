import { z } from "zod";
import { adminActor } from "~/features/integration/integration.server";
import { defineEndpoint } from "~/server/http/endpoint";
import { cancelOrderForMerchant } from "./order-cancel.server";

export const cancelAdminOrder = defineEndpoint({
  method: "post",
  path: "/admin/orders/:number/cancel",
  summary:
    "Integration API (orders:write): cancel an order not shipped yet: units back to their warehouses, coupon and prepaid credit freed, what a card paid refunded through the payment provider (once per order), the shopper mailed (409 shipped, cancelled, or an order that bought prepaid credit)",
  tags: ["integration"],
  params: z.object({ number: z.string().regex(/^VT-[0-9A-F]{10}$/) }),
  response: z.object({
    Status: z.string(),
    Refund: z.object({ Id: z.string(), Status: z.string(), Amount: z.number() }).nullable(),
  }),
  crossOrigin: true,
  run: async (call) => cancelOrderForMerchant(await adminActor(call, "orders:write"), call.params.number),
});
