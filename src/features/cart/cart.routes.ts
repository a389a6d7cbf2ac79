import { Hono } from "hono";
import type { ApiEnv } from "../../server/http/context";
import { document } from "../../server/http/openapi";
import { CartSummarySchema } from "./cart";
import { cartSummary } from "./cart.server";

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
