import type { APIRoute } from "astro";
import { birthListFormAction } from "~/features/birthlists/birthlists-forms.server";
import { safeReturnUrl } from "~/lib/url";
import { setFlash } from "~/server/http/flash";
import { commitSessionCookie } from "~/server/session/cookies";

/**
 * The birth-list pages' forms without JavaScript: one action each, then back (or where a new or
 * deleted list sends). A guest's gift needs no account; the owner's changes do (the endpoints say 401).
 */
export const POST: APIRoute = async ({ request, cookies, locals, redirect }) => {
  const form = await request.formData().catch(() => new FormData());
  const returnUrl = safeReturnUrl(String(form.get("ReturnUrl") ?? ""), `/${locals.culture}/birthlists/birthlist/mine`);
  const { flash, location } = await birthListFormAction(locals.session, locals.culture, form);
  commitSessionCookie(cookies, locals.session);
  setFlash(cookies, flash);
  return redirect(location ?? returnUrl, 303);
};
