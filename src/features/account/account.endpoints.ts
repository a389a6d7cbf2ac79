import { z } from "zod";
import { safeReturnUrl } from "~/lib/url";
import { defineEndpoint, SuccessAnswer } from "~/server/http/endpoint";
import { ApiError } from "~/server/http/errors";
import { type SignedInCustomer, SignInSchema, twoFactorUrl } from "./account";
import { currentCustomer, signIn as enter, signOut as leave } from "./account.server";
import { completeSignIn } from "./two-factor.server";

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
  response: z.union([
    z.object({ Success: z.literal(true), ReturnUrl: z.string(), Customer: CustomerViewSchema }),
    z.object({ Success: z.literal(false), TwoFactorRequired: z.literal(true), ReturnUrl: z.string() }),
  ]),
  run: async ({ session, culture, body, clientIp }) => {
    const returnUrl = safeReturnUrl(body.ReturnUrl, `/${culture}/`);
    const outcome = await enter(session, body, clientIp);
    if ("twoFactorRequired" in outcome)
      return {
        Success: false as const,
        TwoFactorRequired: true as const,
        ReturnUrl: twoFactorUrl(culture, returnUrl),
      };
    return { Success: true as const, ReturnUrl: returnUrl, Customer: customerView(outcome) };
  },
});

export const signInSecondFactor = defineEndpoint({
  method: "post",
  path: "/security/twofactor",
  summary:
    "The second step of a sign-in with two-factor: a six-digit code or a recovery code; the session is then granted on a new id",
  tags: ["security"],
  body: z.object({ Code: z.string().trim().min(1).max(40), ReturnUrl: z.string().max(2000).optional() }),
  response: z.object({ Success: z.literal(true), ReturnUrl: z.string(), Customer: CustomerViewSchema }),
  run: async ({ session, culture, body }) => {
    const customer = await completeSignIn(session, body.Code, culture);
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
  response: SuccessAnswer,
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
