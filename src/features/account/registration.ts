import { z } from "zod";
import { CULTURES } from "~/lib/culture";
import { PASSWORD_MAX_LENGTH } from "~/lib/password";
import type { Rule } from "~/lib/validation";
import { ACCOUNT_TYPES, formFlag } from "./addresses";

const name = z.string().trim().min(1).max(80);
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const EmailSchema = z.string().trim().toLowerCase().min(3).max(254).pipe(z.email());
/** Long enough for any valid password to reach the rule that says why it is refused. */
export const NewPasswordSchema = z
  .string()
  .min(1)
  .max(PASSWORD_MAX_LENGTH * 2);

/**
 * The registration form (spec 001 section 4, account widgets): a business gives its company, the
 * country of its VAT number and the number, checked like the checkout's.
 */
export const RegistrationSchema = z
  .object({
    Email: EmailSchema,
    Password: NewPasswordSchema,
    FirstName: name,
    LastName: name,
    Culture: z.enum(CULTURES),
    AccountType: z.enum(ACCOUNT_TYPES).default("Private"),
    CompanyName: optional(120),
    CountryId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    VatNumber: optional(32),
    AcceptTerms: formFlag.refine((accepted) => accepted, { message: "required" }),
    ReturnUrl: z.string().max(2000).optional(),
  })
  .refine((v) => v.AccountType !== "Business" || v.CompanyName, { path: ["CompanyName"], message: "required" })
  .refine((v) => v.AccountType !== "Business" || v.VatNumber, { path: ["VatNumber"], message: "required" })
  .refine((v) => v.AccountType !== "Business" || v.CountryId, { path: ["CountryId"], message: "required" });
export type Registration = z.infer<typeof RegistrationSchema>;

const mandatory: Rule = { type: "mandatory" };

/** The fields' rules as the browser checks them before sending (the server checks them again). */
export const REGISTRATION_FORM_RULES = {
  Email: [mandatory, { type: "email" }, { type: "maxlength", max: 254 }],
  Password: [mandatory, { type: "password", emailField: "Email" }, { type: "maxlength", max: PASSWORD_MAX_LENGTH }],
  FirstName: [mandatory, { type: "maxlength", max: 80 }],
  LastName: [mandatory, { type: "maxlength", max: 80 }],
  CompanyName: [
    { type: "requiredif", other: "AccountType", value: "Business" },
    { type: "maxlength", max: 120 },
  ],
  VatNumber: [
    { type: "requiredif", other: "AccountType", value: "Business" },
    { type: "maxlength", max: 32 },
  ],
  AcceptTerms: [{ type: "enforcetrue" }],
} satisfies Record<string, Rule[]>;

/** How long the links mailed to a customer stay good. */
export const VERIFY_LINK_HOURS = 72;
export const RESET_LINK_HOURS = 1;
/** New accounts one address may open per hour: enough for a family, not for a script. */
export const REGISTRATIONS_PER_IP_PER_HOUR = 10;

export const ForgotPasswordSchema = z.object({ Email: EmailSchema });
export const ResetPasswordSchema = z.object({ Token: z.string().min(1).max(200), Password: NewPasswordSchema });
export const ChangePasswordSchema = z.object({
  CurrentPassword: z.string().min(1).max(200),
  NewPassword: NewPasswordSchema,
});
export const LanguageSchema = z.object({ Culture: z.enum(CULTURES) });

export const RESET_FORM_RULES = {
  Password: [mandatory, { type: "password" }, { type: "maxlength", max: PASSWORD_MAX_LENGTH }],
} satisfies Record<string, Rule[]>;
export const FORGOT_FORM_RULES = {
  Email: [mandatory, { type: "email" }, { type: "maxlength", max: 254 }],
} satisfies Record<string, Rule[]>;
