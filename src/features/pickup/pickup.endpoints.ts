import { z } from "zod";
import { defineEndpoint } from "~/server/http/endpoint";
import { PickupSearchSchema, SavedPickupPointSchema } from "./pickup";
import { savePickupPoint as save, searchPickupPoints } from "./pickup.server";

export const pickupPoints = defineEndpoint({
  method: "post",
  path: "/shipping/:carrier/getpickuppoints",
  summary: "Pickup points of a carrier (static: our shops; demo: relay network) around a place, nearest first",
  tags: ["pickup"],
  params: z.object({ carrier: z.string().regex(/^[a-z]{2,20}$/) }),
  body: PickupSearchSchema,
  response: z.object({ ResponseStatusDescription: z.string(), PickupPointViewModels: z.array(z.unknown()) }),
  run: ({ params, body, culture }) => searchPickupPoints(params.carrier, body, culture),
});

export const savePickupPoint = defineEndpoint({
  method: "post",
  path: "/shoppingcarts/externalpickuppoint",
  summary: "Save the chosen pickup point on the cart (shipping names from the billing names)",
  tags: ["pickup"],
  body: SavedPickupPointSchema,
  response: z.boolean(),
  run: ({ session, culture, body }) => save(session, culture, body),
});
