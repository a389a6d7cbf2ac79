import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../../server/http/context";
import { document } from "../../server/http/openapi";
import { jsonBody } from "../../server/http/validation";
import { CheckoutSchema } from "../checkout/checkout";
import { placeOrder } from "../checkout/place-order.server";
import { ReAddSchema, reAddOrderLine } from "./orders.server";

export const orderRoutes = new Hono<ApiEnv>();

orderRoutes.use("/sales/*", async (c, next) => {
  await next();
  c.header("Cache-Control", "private, no-store");
});

document({
  method: "post",
  path: "/sales/orders",
  summary:
    "Place the cart's order (one transaction: stock, coupon, totals; the same IdempotencyKey answers the same order). 409 CartEmpty, CartChanged, InsufficientStock; 422 rule broken",
  tags: ["checkout"],
  body: CheckoutSchema,
  response: z.object({
    OrderId: z.number(),
    OrderNumber: z.string(),
    Status: z.string(),
    TotalTaxIncl: z.number(),
    PaymentUrl: z.string(),
  }),
});
orderRoutes.post("/sales/orders", async (c) => {
  const input = await jsonBody(c, CheckoutSchema);
  return c.json(await placeOrder(c.get("session"), c.get("culture"), input));
});

document({
  method: "put",
  path: "/sales/orders/addtocart",
  summary: "Put an item of one of the shopper's orders back into the cart (404 for another's order)",
  tags: ["orders"],
  body: ReAddSchema,
  response: z.object({ Cart: z.unknown(), Message: z.string() }),
});
orderRoutes.put("/sales/orders/addtocart", async (c) => {
  const input = await jsonBody(c, ReAddSchema);
  return c.json(await reAddOrderLine(c.get("session"), c.get("culture"), input));
});
