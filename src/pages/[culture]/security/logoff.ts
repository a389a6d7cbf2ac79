import type { APIRoute } from "astro";
import { signOut } from "~/features/account/account.server";
import { commitSessionCookie } from "~/server/session/cookies";

/** Sign-out is a POST (a GET link could be triggered by any page); it ends the session and goes home. */
export const POST: APIRoute = async ({ locals, cookies, redirect }) => {
  await signOut(locals.session);
  commitSessionCookie(cookies, locals.session);
  return redirect(`/${locals.culture}/`, 303);
};
