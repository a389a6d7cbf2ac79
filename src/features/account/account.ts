import { z } from "zod";
import type { Rule } from "~/lib/validation";

export const SignInSchema = z.object({
  Email: z.string().trim().toLowerCase().min(3).max(254).pipe(z.email()),
  Password: z.string().min(1).max(200),
  ReturnUrl: z.string().max(2000).optional(),
});
export type SignIn = z.infer<typeof SignInSchema>;

/**
 * Sign-in limits: per address and IP (failures only) and per IP (all attempts, `SIGN_IN_ATTEMPTS_PER_IP`,
 * 30 by default), 15-minute windows.
 */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP = 5;

export type { SignedInCustomer } from "~/features/customers/customers";

/** The sign-in form's field rules, checked in the browser and again on the server. */
export const SIGN_IN_FORM_RULES: Record<"Email" | "Password", Rule[]> = {
  Email: [{ type: "mandatory" }, { type: "email" }, { type: "maxlength", max: 254 }],
  Password: [{ type: "mandatory" }, { type: "maxlength", max: 200 }],
};

/** The page that asks for the second factor of a sign-in, then goes on to `returnUrl`. */
export function twoFactorUrl(culture: string, returnUrl: string, modal = false): string {
  return `/${culture}/security/twofactor?returnUrl=${encodeURIComponent(returnUrl)}${modal ? "&modal=1" : ""}`;
}
