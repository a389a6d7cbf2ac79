import { z } from "zod";
import { customerSecurity } from "~/features/customers/customers.server";
import { CULTURES, type Culture } from "~/lib/culture";
import { db } from "~/server/db/client";
import { handleFormPost } from "~/server/http/form-post";
import type { Session } from "~/server/session/session";
import { changePassword } from "./password-reset.server";
import { setLanguage } from "./profile.server";
import { resendVerification } from "./registration.server";
import { twoFactorStatus } from "./two-factor.server";

export type ProfileForm = "language" | "password" | "resend";

export interface ProfileModel {
  status: number;
  email: string;
  culture: Culture;
  verified: boolean;
  twoFactor: boolean;
  /** Which form was sent, what it answered, and its errors. */
  done: ProfileForm | null;
  form: ProfileForm | null;
  errors: Record<string, string[]>;
  failure: string | null;
  /** The language the page should now be in (after a language change: the new one). */
  redirect: string | null;
}

const PostSchema = z.discriminatedUnion("Action", [
  z.object({ Action: z.literal("language"), Culture: z.enum(CULTURES) }),
  z.object({
    Action: z.literal("password"),
    CurrentPassword: z.string().min(1).max(200),
    NewPassword: z.string().min(1).max(256),
  }),
  z.object({ Action: z.literal("resend") }),
]);

/** The profile and security page: its three forms posted without JavaScript, through the API's rules. */
export async function profilePage(
  request: Request,
  session: Session,
  customerId: number,
  culture: Culture,
  query: URLSearchParams,
): Promise<ProfileModel> {
  let status = 200;
  let done: ProfileForm | null = (query.get("done") as ProfileForm | null) ?? null;
  let form: ProfileForm | null = null;
  let errors: Record<string, string[]> = {};
  let failure: string | null = null;
  if (request.method === "POST") {
    const post = await handleFormPost(request, culture, PostSchema, async (input) => {
      if (input.Action === "language") await setLanguage(customerId, input.Culture);
      else if (input.Action === "password") await changePassword(session, customerId, input, culture);
      else await resendVerification(customerId);
      return input;
    });
    form = (post.values.Action as ProfileForm | undefined) ?? null;
    if (post.result) {
      const target = post.result.Action === "language" ? post.result.Culture : culture;
      return {
        ...(await read(customerId)),
        status: 303,
        done: post.result.Action,
        form,
        errors: {},
        failure: null,
        redirect: `/${target}/account/profile?done=${post.result.Action}`,
      };
    }
    ({ errors, failure, status } = post);
    done = null;
  }
  return { ...(await read(customerId)), status, done, form, errors, failure, redirect: null };
}

async function read(customerId: number) {
  const account = await customerSecurity(db(), customerId);
  const twoFactor = await twoFactorStatus(customerId);
  return {
    email: account?.email ?? "",
    culture: (account?.culture ?? "fr") as Culture,
    verified: Boolean(account?.email_verified_at),
    twoFactor: twoFactor.enabled,
  };
}
