/**
 * Order states: placed and awaiting its payment, paid (a notification said so, or credit covered it),
 * sent in parcels or whole (issue 35), cancelled.
 */
export const ORDER_STATUSES = ["AwaitingPayment", "Paid", "PartlyShipped", "Shipped", "Cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
