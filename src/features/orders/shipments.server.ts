import { z } from "zod";
import type { AdminActor } from "~/features/integration/integration";
import { audit } from "~/features/integration/integration.server";
import { emitMerchantEvent } from "~/features/integration/webhooks.server";
import { type Culture, isCulture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { env } from "~/server/config/env";
import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { enqueueMail } from "~/server/mail/outbox";
import {
  adminOrderList,
  insertShipment,
  lockOrder,
  markShipped,
  orderByNumber,
  orderLines,
  shipmentsOf,
} from "./orders.repository";

export const ShipmentSchema = z.object({
  Carrier: z.string().trim().min(2).max(60),
  TrackingNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 ._/-]{3,60}$/),
  TrackingUrl: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional(),
  /** What this parcel holds; absent: everything not shipped yet. */
  Lines: z
    .array(z.object({ OrderLineId: z.number().int().min(1), Quantity: z.number().int().min(1).max(100_000) }))
    .min(1)
    .max(500)
    .optional(),
});
export type ShipmentInput = z.infer<typeof ShipmentSchema>;

const SHIPPABLE = new Set(["Paid", "PartlyShipped"]);

type ShipmentRow = Awaited<ReturnType<typeof shipmentsOf>>[number];

/** Units shipped per order line, over every shipment. */
function shippedUnits(shipments: ShipmentRow[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const shipment of shipments)
    for (const line of JSON.parse(shipment.lines) as { OrderLineId: number; Quantity: number }[])
      units.set(line.OrderLineId, (units.get(line.OrderLineId) ?? 0) + line.Quantity);
  return units;
}

/**
 * A parcel of a paid order leaves (issue 35): its lines (by default all that is left), the carrier and
 * tracking. The order becomes Shipped when nothing is left, PartlyShipped otherwise; from its first
 * parcel on, its delivery address can no longer change. The shopper is mailed the tracking in her order's
 * language; the write is audited. One transaction, under the order's lock: two parcels at once never
 * ship a unit twice.
 */
export async function shipOrder(actor: AdminActor, number: string, input: ShipmentInput, culture: Culture) {
  const t = translator(culture);
  const order = await orderByNumber(db(), number);
  if (!order) throw new ApiError("OrderNotFound");
  const at = new Date().toISOString();
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      await lockOrder(trx, order.id);
      const fresh = await orderByNumber(trx, number);
      if (!fresh || !SHIPPABLE.has(fresh.status)) throw new ApiError("OrderNotShippable");
      // Prepaid credit bought with the order is not a parcel's content.
      const lines = (await orderLines(trx, order.id)).filter((l) => l.prepaid_account_id === null);
      const shipped = shippedUnits(await shipmentsOf(trx, order.id));
      const left = new Map<number, number>(lines.map((l) => [l.id as number, l.quantity - (shipped.get(l.id) ?? 0)]));
      const wanted =
        input.Lines ??
        [...left]
          .filter(([, quantity]) => quantity > 0)
          .map(([id, quantity]) => ({ OrderLineId: id, Quantity: quantity }));
      const errors: Record<string, string[]> = {};
      wanted.forEach((line, index) => {
        const available = left.get(line.OrderLineId);
        if (available === undefined) errors[`Lines.${index}.OrderLineId`] = [t("Errors.InvalidValue")];
        else if (line.Quantity > available) errors[`Lines.${index}.Quantity`] = [t("Refunds.TooMany", { available })];
      });
      if (wanted.length === 0) errors.Lines = [t("Errors.Required")];
      if (Object.keys(errors).length) throw new ApiError("ValidationFailed", errors);
      for (const line of wanted) left.set(line.OrderLineId, (left.get(line.OrderLineId) ?? 0) - line.Quantity);
      const status = [...left.values()].every((quantity) => quantity <= 0) ? "Shipped" : "PartlyShipped";
      const id = await insertShipment(trx, {
        orderId: order.id,
        carrier: input.Carrier,
        trackingNumber: input.TrackingNumber,
        trackingUrl: input.TrackingUrl ?? null,
        lines: JSON.stringify(wanted),
        at,
      });
      if (!(await markShipped(trx, order.id, fresh.status, status, at))) throw new ApiError("OrderNotShippable");
      await audit(actor, "order.ship", `order:${number}`, { shipment: id, ...input, Lines: wanted }, trx);
      await emitMerchantEvent(trx, "order.shipped", `${number}:${id}`, {
        Number: number,
        Status: status,
        ShipmentId: id,
        Carrier: input.Carrier,
        TrackingNumber: input.TrackingNumber,
        TrackingUrl: input.TrackingUrl ?? null,
        Lines: wanted,
      });
      const shopper = isCulture(fresh.culture) ? fresh.culture : env().DEFAULT_CULTURE;
      const s = translator(shopper);
      const names = new Map<number, string>(lines.map((l) => [l.id as number, l.name]));
      await enqueueMail(
        {
          to: fresh.email,
          subject: s("Orders.ShippedMailSubject", { number }),
          text: [
            s("Orders.ShippedMailBody", { number, carrier: input.Carrier, tracking: input.TrackingNumber }),
            "",
            ...wanted.map((l) => `${l.Quantity} × ${names.get(l.OrderLineId) ?? ""}`),
            "",
            input.TrackingUrl ?? "",
            `${env().siteUrl}/${shopper}/account/orders/${number}`,
          ].join("\n"),
          html: null,
          culture: shopper,
        },
        trx,
      );
      return { ShipmentId: id, Status: status };
    });
  return result;
}

/** What the integration API answers of an order's shipments. */
export async function orderShipments(orderId: number) {
  return (await shipmentsOf(db(), orderId)).map((s) => ({
    Id: s.id,
    Carrier: s.carrier,
    TrackingNumber: s.tracking_number,
    TrackingUrl: s.tracking_url,
    Lines: JSON.parse(s.lines) as { OrderLineId: number; Quantity: number }[],
    CreatedAt: s.created_at,
  }));
}

export function adminOrders(filter: {
  status?: string;
  since?: string;
  until?: string;
  search?: string;
  page: number;
}) {
  return adminOrderList(db(), {
    status: filter.status,
    since: filter.since,
    until: filter.until,
    search: filter.search,
    offset: (filter.page - 1) * 50,
    limit: 50,
  });
}
