import { z } from "zod";
import { safeReturnUrl } from "~/lib/url";
import { defineEndpoint, SuccessAnswer } from "~/server/http/endpoint";
import { CustomerViewSchema, customerView } from "./account.endpoints";
import { RegistrationSchema } from "./registration";
import { register as open, resendVerification, verifyEmail } from "./registration.server";

export const register = defineEndpoint({
  method: "post",
  path: "/security/register",
  summary:
    "Open a customer account and sign it in on a new session; a verification link is mailed. 409 EmailNotAvailable when the address already has an account",
  tags: ["security"],
  body: RegistrationSchema,
  response: z.object({ Success: z.literal(true), ReturnUrl: z.string(), Customer: CustomerViewSchema }),
  run: async ({ session, culture, body, clientIp }) => {
    const customer = await open(session, body, clientIp, culture);
    return {
      Success: true as const,
      ReturnUrl: safeReturnUrl(body.ReturnUrl, `/${body.Culture}/account`),
      Customer: customerView(customer),
    };
  },
});

export const verify = defineEndpoint({
  method: "post",
  path: "/security/verify",
  summary: "Verify the account's e-mail address with the single-use token of the mailed link",
  tags: ["security"],
  body: z.object({ Token: z.string().min(1).max(200) }),
  response: SuccessAnswer,
  run: async ({ body }) => {
    await verifyEmail(body.Token);
    return { Success: true };
  },
});

export const resendVerificationLink = defineEndpoint({
  method: "post",
  path: "/security/verify/resend",
  summary: "Mail the signed-in customer a new verification link (three an hour); nothing when already verified",
  tags: ["security"],
  auth: true,
  response: SuccessAnswer,
  run: async ({ customerId }) => {
    await resendVerification(customerId);
    return { Success: true };
  },
});
