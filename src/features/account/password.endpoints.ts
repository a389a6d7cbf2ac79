import { defineEndpoint, SuccessAnswer } from "~/server/http/endpoint";
import { changePassword as change, requestPasswordReset, resetPassword as reset } from "./password-reset.server";
import { setLanguage } from "./profile.server";
import { ChangePasswordSchema, ForgotPasswordSchema, LanguageSchema, ResetPasswordSchema } from "./registration";

export const forgotPassword = defineEndpoint({
  method: "post",
  path: "/security/password/forgot",
  summary:
    "Mail a one-hour reset link when the address has an account; the same answer, in the same time, when it has none",
  tags: ["security"],
  body: ForgotPasswordSchema,
  response: SuccessAnswer,
  run: async ({ body, clientIp }) => {
    await requestPasswordReset(body.Email, clientIp);
    return { Success: true };
  },
});

export const resetPassword = defineEndpoint({
  method: "post",
  path: "/security/password/reset",
  summary: "Set a new password with the mailed single-use token; every session of the customer ends",
  tags: ["security"],
  body: ResetPasswordSchema,
  response: SuccessAnswer,
  run: async ({ body, culture }) => {
    await reset(body.Token, body.Password, culture);
    return { Success: true };
  },
});

export const changePassword = defineEndpoint({
  method: "post",
  path: "/security/password/change",
  summary: "Change the signed-in customer's password (the current one required); other sessions end",
  tags: ["security"],
  body: ChangePasswordSchema,
  auth: true,
  response: SuccessAnswer,
  run: async ({ session, customerId, body, culture }) => {
    await change(session, customerId, body, culture);
    return { Success: true };
  },
});

export const language = defineEndpoint({
  method: "put",
  path: "/security/language",
  summary: "The signed-in customer's language, for the shop and the mails it sends them",
  tags: ["security"],
  body: LanguageSchema,
  auth: true,
  response: SuccessAnswer,
  run: async ({ customerId, body }) => {
    await setLanguage(customerId, body.Culture);
    return { Success: true };
  },
});
