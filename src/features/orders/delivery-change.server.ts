import { z } from "zod";
import { AddressSchema } from "~/features/account/addresses";
import type { AdminActor } from "~/features/integration/integration";
import { audit } from "~/features/integration/integration.server";
import { countryById } from "~/features/pricing/pricing.server";
import { type Culture, isCulture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { env } from "~/server/config/env";
import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { enqueueMail } from "~/server/mail/outbox";
import { rateLimiter, tooManyAttempts } from "~/server/security/rate-limit";
import {
  allDeliveryChanges,
  decideDeliveryChange,
  deliveryChangeById,
  deliveryChangeRows,
  insertDeliveryChange,
  lockOrder,
  orderById,
  orderByNumber,
  replaceOpenDeliveryChanges,
  setShippingAddress,
} from "./orders.repository";

export const DeliveryChangeSchema = AddressSchema.extend({
  OrderNumber: z
    .string()
    .trim()
    .regex(/^VT-[0-9A-F]{10}$/),
});
export type DeliveryChange = z.infer<typeof DeliveryChangeSchema>;

/** Orders whose delivery address may still change: not shipped, not cancelled. */
export function deliveryChangeOpen(order: { status: string; shipped_at: string | null }): boolean {
  return (order.status === "AwaitingPayment" || order.status === "Paid") && !order.shipped_at;
}

/** Change requests one customer may send in an hour: each one mails the shop. */
export const DELIVERY_CHANGES_PER_CUSTOMER_PER_HOUR = 5;

/**
 * A delivery-address change request (spec 001) for one of the customer's orders not yet shipped:
 * stored, mailed to the shop, shown on the order's page; refused once the parcel has left. An order
 * has one open request: a new one replaces it (the shop reads the newest). Counted per customer.
 */
export async function requestDeliveryChange(customerId: number, input: DeliveryChange, culture: Culture) {
  const order = await orderByNumber(db(), input.OrderNumber);
  if (!order || order.customer_id !== customerId) throw new ApiError("OrderNotFound");
  if (!deliveryChangeOpen(order)) throw new ApiError("OrderAlreadyShipped");
  const wait = await rateLimiter().hit(`delivery-change:customer:${customerId}`, {
    max: DELIVERY_CHANGES_PER_CUSTOMER_PER_HOUR,
    windowSeconds: 3600,
  });
  if (wait > 0) throw tooManyAttempts(wait);
  if (!(await countryById(db(), input.CountryId)))
    throw new ApiError("CountryNotFound", { CountryId: [translator(culture)("Errors.CountryNotFound")] });
  const { OrderNumber: _number, ...address } = input;
  const shop = env().DEFAULT_CULTURE;
  const s = translator(shop);
  return db()
    .transaction()
    .execute(async (trx) => {
      // Parallel requests for one order take turns here, so one stays open.
      await lockOrder(trx, order.id);
      await replaceOpenDeliveryChanges(trx, order.id);
      const id = await insertDeliveryChange(trx, {
        order_id: order.id,
        customer_id: customerId,
        address: JSON.stringify(address),
        status: "Requested",
        created_at: new Date().toISOString(),
      });
      await enqueueMail(
        {
          to: env().SHOP_EMAIL,
          subject: s("Orders.DeliveryChangeMailSubject", { number: order.number }),
          text: [
            s("Orders.DeliveryChangeMailBody", { number: order.number, email: order.email }),
            `${address.FirstName} ${address.LastName}`,
            address.Company ?? "",
            address.Street1,
            address.Street2 ?? "",
            `${address.PostalCode} ${address.City}`,
            address.Phone ?? "",
          ]
            .filter(Boolean)
            .join("\n"),
          html: null,
          culture: shop,
        },
        trx,
      );
      return id;
    });
}

/** The change requests of an order, newest first, with the address asked for. */
export async function deliveryChanges(orderId: number) {
  const rows = await deliveryChangeRows(db(), orderId);
  return rows.map((r) => ({ ...r, address: JSON.parse(r.address) as z.infer<typeof AddressSchema> }));
}

/** Staff's list of delivery-change requests (open ones first), with the address asked for. */
export async function deliveryChangeRequests(status?: string) {
  const rows = await allDeliveryChanges(db(), status, 200);
  return rows.map((r) => ({ ...r, address: JSON.parse(r.address) as z.infer<typeof AddressSchema> }));
}

/**
 * Staff decide a delivery-address change: applied (the order's delivery address becomes the one asked
 * for) or refused with a reason; the shopper is mailed either way, in her language. Refused with 409
 * once the order has left (shipped) or when the request is no longer open.
 */
export async function decideDeliveryChangeRequest(
  actor: AdminActor,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
  culture: Culture,
) {
  const request = await deliveryChangeById(db(), id);
  if (!request) throw new ApiError("NotFound");
  if (!decision.approve && decision.reason.trim().length < 2)
    throw new ApiError("ValidationFailed", { Reason: [translator(culture)("Errors.Required")] });
  const at = new Date().toISOString();
  const status = decision.approve ? "Applied" : "Refused";
  await db()
    .transaction()
    .execute(async (trx) => {
      await lockOrder(trx, request.order_id);
      const order = await orderById(trx, request.order_id);
      if (!order) throw new ApiError("NotFound");
      if (decision.approve && !deliveryChangeOpen(order)) throw new ApiError("OrderAlreadyShipped");
      const reason = decision.approve ? null : decision.reason.trim();
      if (!(await decideDeliveryChange(trx, id, { status, reason, at }))) throw new ApiError("DeliveryChangeDecided");
      if (decision.approve) {
        const shipping = JSON.parse(order.shipping_address) as Record<string, unknown>;
        await setShippingAddress(trx, order.id, JSON.stringify({ ...shipping, address: JSON.parse(request.address) }));
      }
      await audit(
        actor,
        `delivery-change.${status.toLowerCase()}`,
        `order:${order.number}`,
        { request: id, reason },
        trx,
      );
      const shopper = isCulture(order.culture) ? order.culture : env().DEFAULT_CULTURE;
      const s = translator(shopper);
      const key = decision.approve ? "Orders.DeliveryChangeAppliedMail" : "Orders.DeliveryChangeRefusedMail";
      await enqueueMail(
        {
          to: order.email,
          subject: s(`${key}Subject`, { number: order.number }),
          text: [
            s(`${key}Body`, { number: order.number, reason: reason ?? "" }),
            "",
            `${env().siteUrl}/${shopper}/account/orders/${order.number}`,
          ].join("\n"),
          html: null,
          culture: shopper,
        },
        trx,
      );
    });
  return { Id: id, Status: status };
}
