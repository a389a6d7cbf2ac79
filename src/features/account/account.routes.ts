import { Hono } from "hono";
import { z } from "zod";
import { safeReturnUrl } from "../../lib/url";
import { clientIp } from "../../server/http/client-ip";
import type { ApiEnv } from "../../server/http/context";
import { ApiError } from "../../server/http/errors";
import { document } from "../../server/http/openapi";
import { jsonBody } from "../../server/http/validation";
import { SignInSchema } from "./account";
import { currentCustomer, signIn, signOut } from "./account.server";

export const accountRoutes = new Hono<ApiEnv>();

const CustomerSchema = z.object({
  CustomerId: z.number(),
  Email: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  IsBusiness: z.boolean(),
});

document({
  method: "post",
  path: "/security/login",
  summary: "Sign in; answers the customer and the same-site URL to continue to",
  tags: ["security"],
  body: SignInSchema,
  response: z.object({ Success: z.literal(true), ReturnUrl: z.string(), Customer: CustomerSchema }),
});
accountRoutes.post("/security/login", async (c) => {
  const input = await jsonBody(c, SignInSchema);
  const customer = await signIn(c.get("session"), input, clientIp(c));
  return c.json({
    Success: true,
    ReturnUrl: safeReturnUrl(input.ReturnUrl, `/${c.get("culture")}/`),
    Customer: {
      CustomerId: customer.id,
      Email: customer.email,
      FirstName: customer.firstName,
      LastName: customer.lastName,
      IsBusiness: customer.isBusiness,
    },
  });
});

document({ method: "post", path: "/security/logout", summary: "Sign out and end the session", tags: ["security"] });
accountRoutes.post("/security/logout", async (c) => {
  await signOut(c.get("session"));
  return c.json({ Success: true });
});

document({
  method: "get",
  path: "/security/me",
  summary: "The signed-in customer",
  tags: ["security"],
  response: CustomerSchema,
  auth: true,
});
accountRoutes.get("/security/me", async (c) => {
  const customer = await currentCustomer(c.get("session"));
  if (!customer) throw new ApiError("Unauthorized");
  c.header("Cache-Control", "private, no-store");
  return c.json({
    CustomerId: customer.id,
    Email: customer.email,
    FirstName: customer.firstName,
    LastName: customer.lastName,
    IsBusiness: customer.isBusiness,
  });
});
