import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../../server/http/context";
import { document } from "../../server/http/openapi";
import { jsonBody } from "../../server/http/validation";
import { AddToCartSchema, CartSummarySchema } from "./cart";
import { addToCart, cartSummary } from "./cart.server";

export const cartRoutes = new Hono<ApiEnv>();

document({
  method: "get",
  path: "/shoppingcarts",
  summary: "Summary of the session's cart (an empty cart is 0 items)",
  tags: ["cart"],
  response: CartSummarySchema,
});
cartRoutes.get("/shoppingcarts", async (c) => {
  c.header("Cache-Control", "private, no-store");
  return c.json(await cartSummary(c.get("session"), c.get("culture")));
});

document({
  method: "post",
  path: "/catalog/products/addtocart",
  summary:
    "Add units of a variant to the cart (quantity rules and stock enforced; 422 QuantityRuleBroken, 409 InsufficientStock, 404 ProductVariantNotFound)",
  tags: ["cart"],
  body: AddToCartSchema,
  response: z.object({
    Cart: CartSummarySchema,
    Message: z.string(),
    ProductVariantId: z.number(),
    Quantity: z.number(),
    Item: z.record(z.string(), z.unknown()),
  }),
});
cartRoutes.post("/catalog/products/addtocart", async (c) => {
  const input = await jsonBody(c, AddToCartSchema);
  c.header("Cache-Control", "private, no-store");
  return c.json(await addToCart(c.get("session"), c.get("culture"), input));
});
