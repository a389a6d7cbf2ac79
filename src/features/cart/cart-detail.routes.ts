import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../../server/http/context";
import { document } from "../../server/http/openapi";
import { jsonBody, pathParams } from "../../server/http/validation";
import {
  CartSummarySchema,
  CitySchema,
  CountryPairSchema,
  LineQuantitySchema,
  ShippingCountrySchema,
  ShippingMethodSchema,
} from "./cart";
import {
  changeLineQuantity,
  chooseCity,
  chooseCountries,
  chooseShippingCountry,
  chooseShippingMethod,
  clearProduct,
  removeLine,
} from "./cart-detail.server";

/** Cart page calls (spec 001 section 7): every answer is the new cart summary, priced by the server. */
export const cartDetailRoutes = new Hono<ApiEnv>();

const IdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

cartDetailRoutes.use("/shoppingcarts/*", async (c, next) => {
  await next();
  c.header("Cache-Control", "private, no-store");
});

document({
  method: "put",
  path: "/shoppingcarts/shoppingcartitems/:id",
  summary: "Set a cart line's quantity (0 removes it); quantity rules 422, stock 409, another cart's line 404",
  tags: ["cart"],
  body: LineQuantitySchema,
  response: CartSummarySchema,
});
cartDetailRoutes.put("/shoppingcarts/shoppingcartitems/:id", async (c) => {
  const { id } = pathParams(c, IdParam);
  const { Quantity } = await jsonBody(c, LineQuantitySchema);
  return c.json(await changeLineQuantity(c.get("session"), c.get("culture"), id, Quantity));
});

document({
  method: "delete",
  path: "/shoppingcarts/shoppingcartitems/:id",
  summary: "Remove a cart line",
  tags: ["cart"],
  response: CartSummarySchema,
});
cartDetailRoutes.delete("/shoppingcarts/shoppingcartitems/:id", async (c) => {
  const { id } = pathParams(c, IdParam);
  return c.json(await removeLine(c.get("session"), c.get("culture"), id));
});

document({
  method: "delete",
  path: "/shoppingcarts/products/:id",
  summary: "Clear a product: remove every line of it (all variants)",
  tags: ["cart"],
  response: CartSummarySchema,
});
cartDetailRoutes.delete("/shoppingcarts/products/:id", async (c) => {
  const { id } = pathParams(c, IdParam);
  return c.json(await clearProduct(c.get("session"), c.get("culture"), id));
});

document({
  method: "post",
  path: "/shoppingcarts/shippingmethods",
  summary: "Choose a shipping method offered in the cart's shipping country (422 ShippingMethodUnavailable)",
  tags: ["cart"],
  body: ShippingMethodSchema,
  response: CartSummarySchema,
});
cartDetailRoutes.post("/shoppingcarts/shippingmethods", async (c) => {
  const { ShippingMethodId } = await jsonBody(c, ShippingMethodSchema);
  return c.json(await chooseShippingMethod(c.get("session"), c.get("culture"), ShippingMethodId));
});

document({
  method: "post",
  path: "/shoppingcarts/shippingcountries",
  summary: "Choose the shipping country by ISO code (changes VAT and shipping price)",
  tags: ["cart"],
  body: ShippingCountrySchema,
  response: CartSummarySchema,
});
cartDetailRoutes.post("/shoppingcarts/shippingcountries", async (c) => {
  const { CountryCode } = await jsonBody(c, ShippingCountrySchema);
  return c.json(await chooseShippingCountry(c.get("session"), c.get("culture"), CountryCode));
});

document({
  method: "post",
  path: "/shoppingcarts/country",
  summary: "Choose shipping and billing countries by id (checkout)",
  tags: ["cart"],
  body: CountryPairSchema,
  response: CartSummarySchema,
});
cartDetailRoutes.post("/shoppingcarts/country", async (c) => {
  const ids = await jsonBody(c, CountryPairSchema);
  return c.json(await chooseCountries(c.get("session"), c.get("culture"), ids));
});

document({
  method: "post",
  path: "/shoppingcarts/city/",
  summary: "Choose the delivery city (postal code) from the autocomplete; it must lie in the shipping country",
  tags: ["cart"],
  body: CitySchema,
  response: CartSummarySchema,
});
cartDetailRoutes.post("/shoppingcarts/city/", async (c) => {
  const { CityId } = await jsonBody(c, CitySchema);
  return c.json(await chooseCity(c.get("session"), c.get("culture"), CityId));
});
