import type { APIRoute } from "astro";
import { assetFormAction } from "~/features/assets/assets-forms.server";
import { safeReturnUrl, signInPath } from "~/lib/url";
import { setFlash } from "~/server/http/flash";
import { commitSessionCookie } from "~/server/session/cookies";

/** The asset library's folder and asset forms: one action each, then back to the folder. */
export const POST: APIRoute = async ({ request, cookies, locals, redirect }) => {
  const form = await request.formData().catch(() => new FormData());
  const returnUrl = safeReturnUrl(String(form.get("ReturnUrl") ?? ""), `/${locals.culture}/assetslibrary`);
  if (!locals.session.customerId) return redirect(signInPath(locals.culture, returnUrl), 303);
  const { flash, location } = await assetFormAction(locals.session, locals.culture, form);
  commitSessionCookie(cookies, locals.session);
  setFlash(cookies, flash);
  return redirect(location ?? returnUrl, 303);
};
