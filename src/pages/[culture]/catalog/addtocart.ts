import type { APIRoute } from "astro";
import { addToCartFromForm } from "~/features/cart/cart.server";
import { safeReturnUrl } from "~/lib/url";
import { setFlash } from "~/server/http/flash";
import { commitSessionCookie } from "~/server/session/cookies";

/** Add to cart without JavaScript: the same rules as the API, then back to the page with a notice. */
export const POST: APIRoute = async ({ request, cookies, locals, redirect }) => {
  const form = await request.formData().catch(() => new FormData());
  const returnUrl = safeReturnUrl(String(form.get("ReturnUrl") ?? ""), `/${locals.culture}/`);
  const notice = await addToCartFromForm(locals.session, locals.culture, form);
  commitSessionCookie(cookies, locals.session);
  setFlash(cookies, notice);
  return redirect(returnUrl, 303);
};
