import { z } from "zod";
import { safeReturnUrl } from "../../lib/url";
import { defineEndpoint } from "../../server/http/endpoint";
import { ApiError } from "../../server/http/errors";
import { type SignedInCustomer, SignInSchema } from "./account";
import { currentCustomer, signIn as enter, signOut as leave } from "./account.server";

export const CustomerViewSchema = z.object({
  CustomerId: z.number(),
  Email: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  IsBusiness: z.boolean(),
});

export const customerView = (customer: SignedInCustomer) => ({
  CustomerId: customer.id,
  Email: customer.email,
  FirstName: customer.firstName,
  LastName: customer.lastName,
  IsBusiness: customer.isBusiness,
});

export const signIn = defineEndpoint({
  method: "post",
  path: "/security/login",
  summary: "Sign in; answers the customer and the same-site URL to continue to",
  tags: ["security"],
  body: SignInSchema,
  response: z.object({ Success: z.literal(true), ReturnUrl: z.string(), Customer: CustomerViewSchema }),
  run: async ({ session, culture, body, clientIp }) => {
    const customer = await enter(session, body, clientIp);
    return {
      Success: true as const,
      ReturnUrl: safeReturnUrl(body.ReturnUrl, `/${culture}/`),
      Customer: customerView(customer),
    };
  },
});

export const signOut = defineEndpoint({
  method: "post",
  path: "/security/logout",
  summary: "Sign out and end the session",
  tags: ["security"],
  run: async ({ session }) => {
    await leave(session);
    return { Success: true };
  },
});

export const me = defineEndpoint({
  method: "get",
  path: "/security/me",
  summary: "The signed-in customer",
  tags: ["security"],
  response: CustomerViewSchema,
  auth: true,
  run: async ({ session }) => {
    const customer = await currentCustomer(session);
    if (!customer) throw new ApiError("Unauthorized");
    return customerView(customer);
  },
});
