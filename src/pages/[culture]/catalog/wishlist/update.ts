import type { APIRoute } from "astro";
import { wishlistFormAction } from "~/features/wishlists/wishlists-forms.server";
import { safeReturnUrl, signInPath } from "~/lib/url";
import { setFlash } from "~/server/http/flash";
import { commitSessionCookie } from "~/server/session/cookies";

/** The wishlist page's forms without JavaScript: one action each, then back (or where a deleted list sends). */
export const POST: APIRoute = async ({ request, cookies, locals, redirect }) => {
  const form = await request.formData().catch(() => new FormData());
  const returnUrl = safeReturnUrl(String(form.get("ReturnUrl") ?? ""), `/${locals.culture}/catalog/wishlist/list`);
  if (!locals.session.customerId) return redirect(signInPath(locals.culture, returnUrl), 303);
  const { flash, location } = await wishlistFormAction(locals.session, locals.culture, form);
  commitSessionCookie(cookies, locals.session);
  setFlash(cookies, flash);
  return redirect(location ?? returnUrl, 303);
};
