import { z } from "zod";
import { defineEndpoint } from "~/server/http/endpoint";
import { RefundRequestSchema } from "./refund-request";
import { refundRequests, requestRefund } from "./refunds.server";

export const createRefundRequest = defineEndpoint({
  method: "post",
  path: "/sales/refunds",
  summary:
    "Ask back units of one of the customer's paid orders: each line's quantity up to what was bought minus what was already asked; amounts from the order's prices; the shop is mailed",
  tags: ["refunds"],
  body: RefundRequestSchema,
  response: z.object({ RefundRequestId: z.number(), Items: z.number(), Amount: z.number(), Status: z.string() }),
  auth: true,
  run: ({ customerId, body, culture }) => requestRefund(customerId, body, culture),
});

export const listRefundRequests = defineEndpoint({
  method: "get",
  path: "/sales/refunds",
  summary: "The signed-in customer's refund requests, newest first, with their status",
  tags: ["refunds"],
  response: z.array(
    z.object({
      Id: z.number(),
      OrderNumber: z.string(),
      Status: z.string(),
      Items: z.number(),
      Amount: z.number(),
      CreatedAt: z.string(),
    }),
  ),
  auth: true,
  run: async ({ customerId }) =>
    (await refundRequests(customerId)).map((r) => ({
      Id: r.id,
      OrderNumber: r.order_number,
      Status: r.status,
      Items: r.items,
      Amount: r.amount,
      CreatedAt: r.created_at,
    })),
});
