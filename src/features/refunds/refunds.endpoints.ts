import { z } from "zod";
import { defineEndpoint } from "~/server/http/endpoint";
import { RefundRequestSchema } from "./refund-request";
import {
  approveRefundRequest,
  refundRequests,
  refuseRefundRequest,
  requestRefund,
  staffRefundRequests,
} from "./refunds.server";

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

const RequestId = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const Decision = z.object({ Id: z.number(), Status: z.string(), Amount: z.number() });

export const staffRefundRequestList = defineEndpoint({
  method: "get",
  path: "/admin/refunds/requests",
  summary:
    "Integration API (orders:read, or staff): every refund request (the open ones first), with its order, customer and where its refund stands",
  tags: ["refunds"],
  response: z.array(
    z.object({
      Id: z.number(),
      OrderNumber: z.string(),
      Email: z.string(),
      Method: z.string(),
      Status: z.string(),
      Items: z.number(),
      Amount: z.number(),
      ApprovedAmount: z.number().nullable(),
      Reason: z.string().nullable(),
      CreatedAt: z.string(),
    }),
  ),
  crossOrigin: true,
  run: async (call) =>
    (await staffRefundRequests(call)).map((r) => ({
      Id: r.id,
      OrderNumber: r.order_number,
      Email: r.email,
      Method: r.method,
      Status: r.status,
      Items: r.items,
      Amount: r.amount,
      ApprovedAmount: r.approved_amount,
      Reason: r.reason,
      CreatedAt: r.created_at,
    })),
});

export const approveRefund = defineEndpoint({
  method: "post",
  path: "/admin/refunds/requests/:id/approve",
  summary:
    "Integration API (orders:write, or staff): approve a refund request with the amount granted (cents, at most what was asked; default all of it). Paid back the original way through the payment provider (idempotent per request), else accepted for staff to pay; the shopper is mailed. 409 when already decided or beyond what was captured",
  tags: ["refunds"],
  params: RequestId,
  body: z.object({ Amount: z.number().int().min(1).max(100_000_000).optional() }),
  response: Decision,
  crossOrigin: true,
  run: (call) => approveRefundRequest(call, call.params.id, call.body.Amount, call.culture),
});

export const refuseRefund = defineEndpoint({
  method: "post",
  path: "/admin/refunds/requests/:id/refuse",
  summary:
    "Integration API (orders:write, or staff): refuse a refund request with a reason the shopper reads in her mail (409 when already decided)",
  tags: ["refunds"],
  params: RequestId,
  body: z.object({ Reason: z.string().trim().min(2).max(500) }),
  response: Decision,
  crossOrigin: true,
  run: (call) => refuseRefundRequest(call, call.params.id, call.body.Reason, call.culture),
});
