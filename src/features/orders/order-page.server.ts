import { shippingCountries } from "~/features/pricing/pricing.server";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { handleFormPost } from "~/server/http/form-post";
import {
  DeliveryChangeSchema,
  deliveryChangeOpen,
  deliveryChanges,
  requestDeliveryChange,
} from "./delivery-change.server";
import { orderByNumber } from "./orders.repository";

/** The delivery-change block of an order: its requests, whether a new one may be made, the form's state. */
export async function deliveryChangeBlock(order: {
  id: number;
  status: string;
  shipped_at: string | null;
  shipping_address: string;
}) {
  const shipping = JSON.parse(order.shipping_address) as { address?: { CountryId?: number } };
  const countries = await shippingCountries();
  return {
    open: deliveryChangeOpen(order),
    changes: await deliveryChanges(order.id),
    countries,
    countryId: shipping.address?.CountryId ?? countries[0]?.id ?? 0,
  };
}

/**
 * `POST {culture}/sales/order/ChangeDeliveryAddressRequest` (spec 001: a serialised form answered with
 * HTML): the request through the same rule as everywhere, and the block to show after it.
 */
export async function deliveryChangePost(request: Request, culture: Culture, customerId: number) {
  const t = translator(culture);
  const post = await handleFormPost(request, culture, DeliveryChangeSchema, (input) =>
    requestDeliveryChange(customerId, input, culture),
  );
  const number = post.values.OrderNumber ?? "";
  const order = /^VT-[0-9A-F]{10}$/.test(number) ? await orderByNumber(db(), number) : undefined;
  if (!order || order.customer_id !== customerId) throw new ApiError("OrderNotFound");
  const block = await deliveryChangeBlock(order);
  return {
    status: post.status,
    order,
    block,
    values: post.result ? {} : post.values,
    errors: post.errors,
    notice: post.result
      ? { kind: "success" as const, text: t("Orders.DeliveryChangeSent") }
      : { kind: "error" as const, text: post.failure ?? t("Errors.ValidationFailed") },
  };
}
