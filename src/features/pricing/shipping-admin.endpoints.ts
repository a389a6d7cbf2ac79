import { z } from "zod";
import { adminActor } from "~/features/integration/integration.server";
import { defineEndpoint } from "~/server/http/endpoint";
import { ApiError } from "~/server/http/errors";
import { ShippingCode, ShippingMethodBody } from "./shipping-admin.schemas";
import { putShippingMethod, shippingMethodAnswers } from "./shipping-admin.server";

const TAGS = ["integration"];
const Code = z.object({ code: ShippingCode });

/** A shipping method as the integration API answers it (shippingMethodAnswers). */
const ShippingMethodAnswer = z.object({
  Code: z.string(),
  Kind: z.string(),
  Names: z.record(z.string(), z.string()),
  Position: z.number(),
  Active: z.boolean(),
  Rates: z.record(
    z.string(),
    z.object({
      Amount: z.number(),
      FreeFrom: z.number().nullable(),
      TransitDays: z.object({ Min: z.number(), Max: z.number() }).nullable(),
    }),
  ),
});

export const putShippingMethodEndpoint = defineEndpoint({
  method: "put",
  path: "/admin/shipping/methods/:code",
  summary:
    "Integration API (catalog:write): creates or updates a home delivery method (Kind home, the default) or a pickup in the shop's own points (Kind store; the points: PUT /admin/pickup/points/{code}) by its code (lower-case letters, digits, _ and -; a method keeps its kind): its names per culture, its price per country code (cents, tax excluded; FreeFrom: the order total tax included from which it is free; null stops the method in that country; a country left out keeps its price), Position and Active. A shop offers a shopper's country only the methods with a price there",
  tags: TAGS,
  params: Code,
  body: ShippingMethodBody,
  crossOrigin: true,
  response: ShippingMethodAnswer.extend({ Created: z.boolean() }),
  run: async (call) =>
    putShippingMethod(await adminActor(call, "catalog:write"), call.params.code, call.body, call.culture),
});

export const getShippingMethodEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/shipping/methods/:code",
  summary: "Integration API (catalog:read): a shipping method in the shape PUT writes (any kind)",
  tags: TAGS,
  params: Code,
  crossOrigin: true,
  response: ShippingMethodAnswer,
  run: async (call) => {
    await adminActor(call, "catalog:read");
    const [method] = await shippingMethodAnswers(call.params.code);
    if (!method) throw new ApiError("NotFound");
    return method;
  },
});

export const listShippingMethodsEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/shipping/methods",
  summary: "Integration API (catalog:read): every shipping method (any kind, active or not) in the shape PUT writes",
  tags: TAGS,
  crossOrigin: true,
  response: z.object({ Methods: z.array(ShippingMethodAnswer) }),
  run: async (call) => {
    await adminActor(call, "catalog:read");
    return { Methods: await shippingMethodAnswers() };
  },
});
