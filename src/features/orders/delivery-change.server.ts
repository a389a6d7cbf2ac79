import { z } from "zod";
import type { Culture } from "../../lib/culture";
import { translator } from "../../lib/i18n";
import { env } from "../../server/config/env";
import { db } from "../../server/db/client";
import { ApiError } from "../../server/http/errors";
import { enqueueMail } from "../../server/mail/outbox";
import { AddressSchema } from "../account/addresses";
import { countryById } from "../pricing/pricing.server";
import { orderByNumber } from "./orders.repository";

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

/**
 * A delivery-address change request (spec 001) for one of the customer's orders not yet shipped:
 * stored, mailed to the shop, shown on the order's page; refused once the parcel has left.
 */
export async function requestDeliveryChange(customerId: number, input: DeliveryChange, culture: Culture) {
  const order = await orderByNumber(db(), input.OrderNumber);
  if (!order || order.customer_id !== customerId) throw new ApiError("OrderNotFound");
  if (!deliveryChangeOpen(order)) throw new ApiError("OrderAlreadyShipped");
  if (!(await countryById(db(), input.CountryId)))
    throw new ApiError("CountryNotFound", { CountryId: [translator(culture)("Errors.CountryNotFound")] });
  const { OrderNumber: _number, ...address } = input;
  const shop = env().DEFAULT_CULTURE;
  const s = translator(shop);
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto("delivery_address_changes")
        .values({
          order_id: order.id,
          customer_id: customerId,
          address: JSON.stringify(address),
          status: "Requested",
          created_at: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
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
      return row.id;
    });
}

/** The change requests of an order, newest first, with the address asked for. */
export async function deliveryChanges(orderId: number) {
  const rows = await db()
    .selectFrom("delivery_address_changes")
    .select(["id", "address", "status", "created_at"])
    .where("order_id", "=", orderId)
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({ ...r, address: JSON.parse(r.address) as z.infer<typeof AddressSchema> }));
}
