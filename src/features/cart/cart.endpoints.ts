import { z } from "zod";
import { CouponRequestSchema } from "~/features/coupons/coupons";
import { defineEndpoint } from "~/server/http/endpoint";
import {
  AddToCartAnswer,
  AddToCartSchema,
  CartSummarySchema,
  CitySchema,
  CountryPairSchema,
  LineQuantitySchema,
  ShippingCountrySchema,
  ShippingMethodSchema,
} from "./cart";
import { addToCart as add, cartSummary } from "./cart.server";
import {
  applyCoupon as apply,
  changeLineQuantity,
  chooseCity,
  chooseCountries,
  chooseShippingCountry,
  chooseShippingMethod,
  clearProduct as clear,
  removeCoupon as remove,
  removeLine as removeOne,
} from "./cart-detail.server";

const IdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const summary = defineEndpoint({
  method: "get",
  path: "/shoppingcarts",
  summary: "Summary of the session's cart (an empty cart is 0 items)",
  tags: ["cart"],
  response: CartSummarySchema,
  run: ({ session, culture }) => cartSummary(session, culture),
});

export const addToCart = defineEndpoint({
  method: "post",
  path: "/catalog/products/addtocart",
  summary:
    "Add units of a variant to the cart (quantity rules and stock enforced; 422 QuantityRuleBroken, 409 InsufficientStock, 404 ProductVariantNotFound)",
  tags: ["cart"],
  body: AddToCartSchema,
  response: AddToCartAnswer,
  run: ({ session, culture, body }) => add(session, culture, body),
});

/* Cart page calls (spec 001 section 7): every answer is the new cart summary, priced by the server. */

export const setQuantity = defineEndpoint({
  method: "put",
  path: "/shoppingcarts/shoppingcartitems/:id",
  summary: "Set a cart line's quantity (0 removes it); quantity rules 422, stock 409, another cart's line 404",
  tags: ["cart"],
  params: IdParam,
  body: LineQuantitySchema,
  response: CartSummarySchema,
  run: ({ session, culture, params, body }) => changeLineQuantity(session, culture, params.id, body.Quantity),
});

export const removeLine = defineEndpoint({
  method: "delete",
  path: "/shoppingcarts/shoppingcartitems/:id",
  summary: "Remove a cart line",
  tags: ["cart"],
  params: IdParam,
  response: CartSummarySchema,
  run: ({ session, culture, params }) => removeOne(session, culture, params.id),
});

export const clearProduct = defineEndpoint({
  method: "delete",
  path: "/shoppingcarts/products/:id",
  summary: "Clear a product: remove every line of it (all variants)",
  tags: ["cart"],
  params: IdParam,
  response: CartSummarySchema,
  run: ({ session, culture, params }) => clear(session, culture, params.id),
});

export const shippingMethod = defineEndpoint({
  method: "post",
  path: "/shoppingcarts/shippingmethods",
  summary: "Choose a shipping method offered in the cart's shipping country (422 ShippingMethodUnavailable)",
  tags: ["cart"],
  body: ShippingMethodSchema,
  response: CartSummarySchema,
  run: ({ session, culture, body }) => chooseShippingMethod(session, culture, body.ShippingMethodId),
});

export const shippingCountry = defineEndpoint({
  method: "post",
  path: "/shoppingcarts/shippingcountries",
  summary: "Choose the shipping country by ISO code (changes VAT and shipping price)",
  tags: ["cart"],
  body: ShippingCountrySchema,
  response: CartSummarySchema,
  run: ({ session, culture, body }) => chooseShippingCountry(session, culture, body.CountryCode),
});

export const countries = defineEndpoint({
  method: "post",
  path: "/shoppingcarts/country",
  summary: "Choose shipping and billing countries by id (checkout)",
  tags: ["cart"],
  body: CountryPairSchema,
  response: CartSummarySchema,
  run: ({ session, culture, body }) => chooseCountries(session, culture, body),
});

export const city = defineEndpoint({
  method: "post",
  path: "/shoppingcarts/city/",
  summary: "Choose the delivery city (postal code) from the autocomplete; it must lie in the shipping country",
  tags: ["cart"],
  body: CitySchema,
  response: CartSummarySchema,
  run: ({ session, culture, body }) => chooseCity(session, culture, body.CityId),
});

/** The header that says why a coupon was refused (the spec's answer is a bare false). */
export const COUPON_PROBLEM_HEADER = "Coupon-Problem";

export const applyCoupon = defineEndpoint({
  method: "post",
  path: "/shoppingcarts/coupon",
  summary: "Apply a coupon code to the cart; answers true when valid, false otherwise (the cart is unchanged then)",
  tags: ["coupons"],
  body: CouponRequestSchema,
  response: z.boolean(),
  run: async ({ session, culture, body, header }) => {
    const outcome = await apply(session, culture, body.CouponCode);
    if (!outcome.valid) header(COUPON_PROBLEM_HEADER, outcome.problem);
    return outcome.valid;
  },
});

export const removeCoupon = defineEndpoint({
  method: "delete",
  path: "/shoppingcarts/coupon",
  summary: "Remove the cart's coupon",
  tags: ["coupons"],
  response: z.boolean(),
  run: ({ session }) => remove(session),
});
