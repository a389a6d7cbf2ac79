import { z } from "zod";
import { adminActor } from "~/features/integration/integration.server";
import { db } from "~/server/db/client";
import { defineEndpoint } from "~/server/http/endpoint";
import { ApiError } from "~/server/http/errors";
import { decideDeliveryChangeRequest, deliveryChangeRequests } from "./delivery-change.server";
import { ORDER_STATUSES } from "./order-status";
import { orderByNumber, orderLines } from "./orders.repository";
import { adminOrders, orderShipments, ShipmentSchema, shipOrder } from "./shipments.server";

const Number_ = z.object({ number: z.string().regex(/^VT-[0-9A-F]{10}$/) });

/** A delivery-address change once staff decided it. */
const DecidedChange = z.object({ Id: z.number(), Status: z.string() });

export const adminOrderList = defineEndpoint({
  method: "get",
  path: "/admin/orders",
  summary:
    "Integration API (scope orders:read, or staff): orders newest first, 50 a page, by status, placed since and until ISO dates, and q (an order number, or the start of an e-mail)",
  tags: ["integration"],
  query: z.object({
    status: z.enum(ORDER_STATUSES).optional(),
    since: z.iso.datetime({ offset: true }).optional(),
    until: z.iso.datetime({ offset: true }).optional(),
    q: z.string().trim().max(200).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  }),
  response: z.array(
    z.object({
      Number: z.string(),
      Status: z.string(),
      Email: z.string(),
      Culture: z.string(),
      TotalTaxIncl: z.number(),
      CreatedAt: z.string(),
      PaidAt: z.string().nullable(),
      ShippedAt: z.string().nullable(),
    }),
  ),
  crossOrigin: true,
  run: async (call) => {
    await adminActor(call, "orders:read");
    const since = call.query.since ? new Date(call.query.since).toISOString() : undefined;
    const until = call.query.until ? new Date(call.query.until).toISOString() : undefined;
    return (
      await adminOrders({ status: call.query.status, since, until, search: call.query.q, page: call.query.page })
    ).map((o) => ({
      Number: o.number,
      Status: o.status,
      Email: o.email,
      Culture: o.culture,
      TotalTaxIncl: o.total_tax_incl,
      CreatedAt: o.created_at,
      PaidAt: o.paid_at,
      ShippedAt: o.shipped_at,
    }));
  },
});

export const adminOrder = defineEndpoint({
  method: "get",
  path: "/admin/orders/:number",
  summary:
    "Integration API (orders:read): one order with its lines, addresses, pickup point, VAT, coupon, payment method and shipments (cents)",
  tags: ["integration"],
  params: Number_,
  crossOrigin: true,
  response: z.object({
    Number: z.string(),
    Status: z.string(),
    Email: z.string(),
    Culture: z.string(),
    CustomerId: z.number().nullable(),
    CreatedAt: z.string(),
    PaidAt: z.string().nullable(),
    ShippedAt: z.string().nullable(),
    PaymentMethod: z.string(),
    PrepaidAmount: z.number(),
    VatNumber: z.string().nullable(),
    ReverseCharge: z.boolean(),
    CouponId: z.number().nullable(),
    ItemsTaxExcl: z.number(),
    DiscountTaxExcl: z.number(),
    ShippingTaxExcl: z.number(),
    DiscountTaxIncl: z.number().nullable(),
    ShippingTaxIncl: z.number().nullable(),
    VatAmount: z.number(),
    TotalTaxIncl: z.number(),
    BillingAddress: z.record(z.string(), z.unknown()),
    Shipping: z.record(z.string(), z.unknown()),
    Lines: z.array(
      z.object({
        Id: z.number(),
        Sku: z.string(),
        Name: z.string(),
        Quantity: z.number(),
        UnitTaxExcl: z.number(),
        VatRateBasisPoints: z.number(),
        LineTaxExcl: z.number(),
      }),
    ),
    Shipments: z.array(
      z.object({
        Id: z.number(),
        Carrier: z.string(),
        TrackingNumber: z.string(),
        TrackingUrl: z.string().nullable(),
        Lines: z.array(z.object({ OrderLineId: z.number(), Quantity: z.number() })),
        CreatedAt: z.string(),
      }),
    ),
  }),
  run: async (call) => {
    await adminActor(call, "orders:read");
    const order = await orderByNumber(db(), call.params.number);
    if (!order) throw new ApiError("OrderNotFound");
    const lines = await orderLines(db(), order.id);
    return {
      Number: order.number,
      Status: order.status,
      Email: order.email,
      Culture: order.culture,
      CustomerId: order.customer_id,
      CreatedAt: order.created_at,
      PaidAt: order.paid_at,
      ShippedAt: order.shipped_at,
      PaymentMethod: order.payment_method,
      PrepaidAmount: order.prepaid_amount,
      VatNumber: order.vat_number,
      ReverseCharge: order.reverse_charge === 1,
      CouponId: order.coupon_id,
      ItemsTaxExcl: order.items_tax_excl,
      DiscountTaxExcl: order.discount_tax_excl,
      ShippingTaxExcl: order.shipping_tax_excl,
      // Tax included as the shopper saw them (null for the orders placed before 2026-11-30).
      DiscountTaxIncl: order.discount_tax_incl,
      ShippingTaxIncl: order.shipping_tax_incl,
      VatAmount: order.vat_amount,
      TotalTaxIncl: order.total_tax_incl,
      BillingAddress: JSON.parse(order.billing_address) as unknown,
      Shipping: JSON.parse(order.shipping_address) as unknown,
      Lines: lines.map((l) => ({
        Id: l.id,
        Sku: l.sku,
        Name: l.name,
        Quantity: l.quantity,
        UnitTaxExcl: l.unit_tax_excl,
        VatRateBasisPoints: l.vat_rate_basis_points,
        LineTaxExcl: l.line_tax_excl,
      })),
      Shipments: await orderShipments(order.id),
    };
  },
});

export const shipAdminOrder = defineEndpoint({
  method: "post",
  path: "/admin/orders/:number/shipments",
  summary:
    "Integration API (orders:write): a parcel leaves with its carrier and tracking (Lines: part of the order; absent: all that is left). The order becomes Shipped or PartlyShipped, the shopper is mailed, the delivery address is frozen (409 an order not paid)",
  tags: ["integration"],
  params: Number_,
  body: ShipmentSchema,
  response: z.object({ ShipmentId: z.number(), Status: z.string() }),
  crossOrigin: true,
  run: async (call) => shipOrder(await adminActor(call, "orders:write"), call.params.number, call.body, call.culture),
});

const RequestId = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const adminDeliveryChanges = defineEndpoint({
  method: "get",
  path: "/admin/deliverychanges",
  summary:
    "Integration API (orders:read, or staff): delivery-address change requests, open ones first, with the order and the address asked for",
  tags: ["integration"],
  query: z.object({ status: z.enum(["Requested", "Applied", "Refused", "Replaced"]).optional() }),
  crossOrigin: true,
  response: z.array(
    z.object({
      Id: z.number(),
      OrderNumber: z.string(),
      OrderStatus: z.string(),
      Email: z.string(),
      Status: z.string(),
      Address: z.object({
        FirstName: z.string(),
        LastName: z.string(),
        Company: z.string().nullable(),
        Street1: z.string(),
        Street2: z.string().nullable(),
        PostalCode: z.string(),
        City: z.string(),
        CountryId: z.number(),
        Phone: z.string().nullable(),
      }),
      RefusedReason: z.string().nullable(),
      CreatedAt: z.string(),
      DecidedAt: z.string().nullable(),
    }),
  ),
  run: async (call) => {
    await adminActor(call, "orders:read");
    return (await deliveryChangeRequests(call.query.status)).map((r) => ({
      Id: r.id,
      OrderNumber: r.number,
      OrderStatus: r.order_status,
      Email: r.email,
      Status: r.status,
      Address: r.address,
      RefusedReason: r.refused_reason,
      CreatedAt: r.created_at,
      DecidedAt: r.decided_at,
    }));
  },
});

export const applyDeliveryChange = defineEndpoint({
  method: "post",
  path: "/admin/deliverychanges/:id/apply",
  summary:
    "Integration API (orders:write, or staff): the order is delivered to the address asked for; the shopper is mailed (409 once shipped or already decided)",
  tags: ["integration"],
  params: RequestId,
  crossOrigin: true,
  response: DecidedChange,
  run: async (call) =>
    decideDeliveryChangeRequest(
      await adminActor(call, "orders:write"),
      call.params.id,
      { approve: true },
      call.culture,
    ),
});

export const refuseDeliveryChange = defineEndpoint({
  method: "post",
  path: "/admin/deliverychanges/:id/refuse",
  summary:
    "Integration API (orders:write, or staff): refuses the change with a reason the shopper reads in her mail (409 already decided)",
  tags: ["integration"],
  params: RequestId,
  body: z.object({ Reason: z.string().trim().min(2).max(500) }),
  crossOrigin: true,
  response: DecidedChange,
  run: async (call) =>
    decideDeliveryChangeRequest(
      await adminActor(call, "orders:write"),
      call.params.id,
      { approve: false, reason: call.body.Reason },
      call.culture,
    ),
});
