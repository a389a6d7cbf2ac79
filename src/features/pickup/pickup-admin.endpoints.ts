import { z } from "zod";
import { adminActor } from "~/features/integration/integration.server";
import { defineEndpoint } from "~/server/http/endpoint";
import { ApiError } from "~/server/http/errors";
import { PickupPointBody, PickupPointCode } from "./pickup-admin.schemas";
import { pickupPointAnswers, putPickupPoint } from "./pickup-admin.server";

const TAGS = ["integration"];
const Code = z.object({ code: PickupPointCode });

/** One of the shop's own pickup points as the integration API answers it (pickupPointAnswers). */
const PickupPointAnswer = z.object({
  Code: z.string(),
  Name: z.string(),
  Street: z.string(),
  PostalCode: z.string(),
  City: z.string(),
  Country: z.string(),
  Phone: z.string(),
  Latitude: z.number(),
  Longitude: z.number(),
  Hours: z.string(),
  Active: z.boolean(),
});

export const putPickupPointEndpoint = defineEndpoint({
  method: "put",
  path: "/admin/pickup/points/:code",
  summary:
    "Integration API (catalog:write): creates or updates one of the shop's own pickup points by its code (lower-case letters, digits, _ and -), where shoppers collect orders of a store shipping method: Name, Street, PostalCode, City, Country (code), Phone, Latitude and Longitude (left out: placed at its postal code), Hours (ISO weekdays, language-neutral: 1-5 10:00-18:30;6 10:00-12:30,14:00-18:00;7 closed) and Active",
  tags: TAGS,
  params: Code,
  body: PickupPointBody,
  crossOrigin: true,
  response: PickupPointAnswer.extend({ Created: z.boolean() }),
  run: async (call) =>
    putPickupPoint(await adminActor(call, "catalog:write"), call.params.code, call.body, call.culture),
});

export const getPickupPointEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/pickup/points/:code",
  summary: "Integration API (catalog:read): one of the shop's own pickup points in the shape PUT writes",
  tags: TAGS,
  params: Code,
  crossOrigin: true,
  response: PickupPointAnswer,
  run: async (call) => {
    await adminActor(call, "catalog:read");
    const [point] = await pickupPointAnswers(call.params.code);
    if (!point) throw new ApiError("NotFound");
    return point;
  },
});

export const listPickupPointsEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/pickup/points",
  summary: "Integration API (catalog:read): the shop's own pickup points, active or not, in the shape PUT writes",
  tags: TAGS,
  crossOrigin: true,
  response: z.object({ Points: z.array(PickupPointAnswer) }),
  run: async (call) => {
    await adminActor(call, "catalog:read");
    return { Points: await pickupPointAnswers() };
  },
});
