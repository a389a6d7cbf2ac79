import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../../server/http/context";
import { document } from "../../server/http/openapi";
import { jsonBody, pathParams } from "../../server/http/validation";
import { PickupSearchSchema, SavedPickupPointSchema } from "./pickup";
import { savePickupPoint, searchPickupPoints } from "./pickup.server";

export const pickupRoutes = new Hono<ApiEnv>();

document({
  method: "post",
  path: "/shipping/:carrier/getpickuppoints",
  summary: "Pickup points of a carrier (static: our shops; demo: relay network) around a place, nearest first",
  tags: ["pickup"],
  body: PickupSearchSchema,
  response: z.object({ ResponseStatusDescription: z.string(), PickupPointViewModels: z.array(z.unknown()) }),
});
pickupRoutes.post("/shipping/:carrier/getpickuppoints", async (c) => {
  const { carrier } = pathParams(c, z.object({ carrier: z.string().regex(/^[a-z]{2,20}$/) }));
  const search = await jsonBody(c, PickupSearchSchema);
  return c.json(await searchPickupPoints(carrier, search, c.get("culture")));
});

document({
  method: "post",
  path: "/shoppingcarts/externalpickuppoint",
  summary: "Save the chosen pickup point on the cart (shipping names from the billing names)",
  tags: ["pickup"],
  body: SavedPickupPointSchema,
  response: z.boolean(),
});
pickupRoutes.post("/shoppingcarts/externalpickuppoint", async (c) => {
  const point = await jsonBody(c, SavedPickupPointSchema);
  c.header("Cache-Control", "private, no-store");
  return c.json(await savePickupPoint(c.get("session"), c.get("culture"), point));
});
