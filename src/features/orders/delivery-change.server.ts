import { z } from "zod";
import { AddressSchema } from "~/features/account/addresses";
import { countryById } from "~/features/pricing/pricing.server";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { env } from "~/server/config/env";
import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { enqueueMail } from "~/server/mail/outbox";
import { rateLimiter, tooManyAttempts } from "~/server/security/rate-limit";
import {
  deliveryChangeRows,
  insertDeliveryChange,
  lockOrder,
  orderByNumber,
  replaceOpenDeliveryChanges,
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
