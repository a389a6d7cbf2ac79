import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../../server/http/context";
import { ApiError } from "../../server/http/errors";
import { document } from "../../server/http/openapi";
import { jsonBody, pathParams } from "../../server/http/validation";
import { currentCustomer } from "../account/account.server";
import { setStock } from "./stock.server";

export const stockRoutes = new Hono<ApiEnv>();

const id = z.coerce.number().int().min(1).max(2_147_483_647);

document({
  method: "put",
  path: "/stock/:variantId/:warehouseId",
  summary: "Staff: set a warehouse's stock of a variant (back-in-stock subscribers are mailed through the outbox)",
  tags: ["stock"],
  body: z.object({ Quantity: z.number().int().min(0) }),
  response: z.object({ Notified: z.number() }),
  auth: true,
});
stockRoutes.put("/stock/:variantId/:warehouseId", async (c) => {
  const customer = await currentCustomer(c.get("session"));
  if (!customer) throw new ApiError("Unauthorized");
  if (customer.role !== "staff") throw new ApiError("Forbidden");
  const { variantId, warehouseId } = pathParams(c, z.object({ variantId: id, warehouseId: id }));
  const { Quantity } = await jsonBody(c, z.object({ Quantity: z.number().int().min(0).max(1_000_000) }));
  const { notified } = await setStock(variantId, warehouseId, Quantity);
  return c.json({ Notified: notified });
});
