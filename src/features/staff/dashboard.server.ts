import { lowStockCount } from "~/features/catalog/stock/stock.server";
import { type AdminCall, adminActor, failedDeliveries } from "~/features/integration/integration.server";
import { ordersWaiting, salesSince } from "~/features/orders/orders.server";
import { refundRequestsWaiting } from "~/features/refunds/refunds.server";
import { env } from "~/server/config/env";
import { db } from "~/server/db/client";

/** The shop's day and month start in its own time zone (Brussels), as instants. */
export function shopPeriodStarts(now: Date): { today: string; month: string } {
  const day = now.toLocaleDateString("sv-SE", { timeZone: "Europe/Brussels" });
  const instant = (isoDay: string) => {
    // Midnight in Brussels: UTC+1 in winter, +2 in summer; the offset is the one that day has at noon.
    const noon = new Date(`${isoDay}T12:00:00Z`);
    const hour = Number(noon.toLocaleString("en-GB", { timeZone: "Europe/Brussels", hour: "2-digit", hour12: false }));
    return new Date(`${isoDay}T00:00:00Z`).getTime() - (hour - 12) * 3_600_000;
  };
  return {
    today: new Date(instant(day)).toISOString(),
    month: new Date(instant(`${day.slice(0, 8)}01`)).toISOString(),
  };
}

/**
 * The staff's dashboard (issue 72): today's and this month's orders and revenue (tax included, cents),
 * orders to ship, refund and delivery-change requests waiting, variants low in stock, webhook deliveries
 * given up on. For whoever reads orders (the owner, an assistant, a token with `orders:read`).
 */
export async function dashboard(call: AdminCall, now = new Date()) {
  await adminActor(call, "orders:read");
  const starts = shopPeriodStarts(now);
  const [today, month, waiting, refunds, lowStock, webhooks] = await Promise.all([
    salesSince(db(), starts.today),
    salesSince(db(), starts.month),
    ordersWaiting(db()),
    refundRequestsWaiting(db()),
    lowStockCount(db(), env().STOCK_LOW_THRESHOLD),
    failedDeliveries(db()),
  ]);
  return {
    Today: { Orders: today.orders, Revenue: today.revenue },
    Month: { Orders: month.orders, Revenue: month.revenue },
    ToShip: waiting.toShip,
    RefundRequests: refunds,
    DeliveryChanges: waiting.deliveryChanges,
    LowStock: lowStock,
    LowStockThreshold: env().STOCK_LOW_THRESHOLD,
    FailedWebhooks: webhooks,
  };
}
