import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../../server/http/context";
import { ApiError } from "../../server/http/errors";
import { document } from "../../server/http/openapi";
import { jsonBody, pathParams, queryParams } from "../../server/http/validation";
import { applyCoupon, removeCoupon } from "../cart/cart-detail.server";
import { CouponRequestSchema } from "../coupons/coupon";
import { saveAddress } from "./addresses.server";
import { AddressFormSchema } from "./checkout";
import { availableCoupons, checkVat, citySuggestions } from "./checkout.server";
import { VatCheckQuerySchema } from "./vat";

export const checkoutRoutes = new Hono<ApiEnv>();

const noStore = async (c: { header: (k: string, v: string) => void }, next: () => Promise<void>) => {
  await next();
  c.header("Cache-Control", "private, no-store");
};
checkoutRoutes.use("/shoppingcarts/coupon", noStore);
checkoutRoutes.use("/couponcode/*", noStore);
checkoutRoutes.use("/sales/customers/*", noStore);
checkoutRoutes.use("/customers/addresses", noStore);

document({
  method: "post",
  path: "/shoppingcarts/coupon",
  summary: "Apply a coupon code to the cart; answers true when valid, false otherwise (the cart is unchanged then)",
  tags: ["coupons"],
  body: CouponRequestSchema,
  response: z.boolean(),
});
checkoutRoutes.post("/shoppingcarts/coupon", async (c) => {
  const { CouponCode } = await jsonBody(c, CouponRequestSchema);
  const outcome = await applyCoupon(c.get("session"), c.get("culture"), CouponCode);
  if (!outcome.valid) c.header("Coupon-Problem", outcome.problem);
  return c.json(outcome.valid);
});

document({
  method: "delete",
  path: "/shoppingcarts/coupon",
  summary: "Remove the cart's coupon",
  tags: ["coupons"],
  response: z.boolean(),
});
checkoutRoutes.delete("/shoppingcarts/coupon", async (c) => c.json(await removeCoupon(c.get("session"))));

const CustomerParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const CouponView = z.object({
  CouponCode: z.string(),
  Description: z.string(),
  ValidTo: z.string().nullable(),
  MinimumAmountHtml: z.string().nullable(),
});

document({
  method: "get",
  path: "/couponcode/user/:id",
  summary: "Coupons the signed-in customer may use (their own id only: 401 signed out, 404 another's)",
  tags: ["coupons"],
  response: z.array(CouponView),
});
checkoutRoutes.get("/couponcode/user/:id", async (c) => {
  const { id } = pathParams(c, CustomerParam);
  const session = c.get("session");
  if (!session.customerId) throw new ApiError("Unauthorized");
  if (session.customerId !== id) throw new ApiError("NotFound");
  return c.json(await availableCoupons(id, c.get("culture")));
});

const CitiesParams = z.object({
  countryId: z.string().regex(/^(\d{1,9}|[A-Za-z]{2})$/),
  query: z.string().trim().min(1).max(40),
});

document({
  method: "get",
  path: "/countries/:countryId/cities/:query",
  summary: "Postal codes and cities starting with the query (from 4 characters), as a map of postal code to city name",
  tags: ["checkout"],
  response: z.record(z.string(), z.string()),
});
checkoutRoutes.get("/countries/:countryId/cities/:query", async (c) => {
  const { countryId, query } = pathParams(c, CitiesParams);
  c.header("Cache-Control", "public, max-age=3600");
  return c.json(await citySuggestions(countryId, query));
});

document({
  method: "get",
  path: "/sales/customers/checkisvatvalid/",
  summary:
    "Check a VAT number: format and checksum locally, then the EU VIES registry (null when it cannot say); the cart keeps the result for reverse charge",
  tags: ["checkout"],
  query: VatCheckQuerySchema,
  response: z.object({ IsVATValidWebService: z.boolean().nullable(), ErrorMessage: z.string().nullable() }),
});
checkoutRoutes.get("/sales/customers/checkisvatvalid/", async (c) => {
  const query = queryParams(c, VatCheckQuerySchema);
  return c.json(await checkVat(c.get("session"), c.get("culture"), query));
});

document({
  method: "post",
  path: "/customers/addresses",
  summary:
    "Create (Id 0) or edit one of the signed-in customer's addresses (the address popup); answers the saved address. 403 when the shop does not allow it (ADDRESS_CREATE, ADDRESS_EDIT), 404 for another's address",
  tags: ["checkout"],
  body: AddressFormSchema,
  response: z.object({ Id: z.number(), AddressType: z.string() }),
  auth: true,
});
checkoutRoutes.post("/customers/addresses", async (c) => {
  const input = await jsonBody(c, AddressFormSchema);
  const session = c.get("session");
  if (!session.customerId) throw new ApiError("Unauthorized");
  return c.json(await saveAddress(session.customerId, input));
});
