import type { APIRoute } from "astro";
import { setCurrentCountry } from "~/features/cart/cart-detail.server";
import { safeReturnUrl } from "~/lib/url";
import { ApiError } from "~/server/http/errors";
import { commitSessionCookie } from "~/server/session/cookies";

/** The header's country selector without JavaScript: the same rule as the API, then back to the page. */
export const POST: APIRoute = async ({ request, locals, cookies, redirect }) => {
  const form = await request.formData().catch(() => new FormData());
  const back = safeReturnUrl(String(form.get("returnUrl") ?? ""), `/${locals.culture}/`);
  const code = String(form.get("currentCountry") ?? "").trim();
  try {
    if (/^[A-Za-z]{2}$/.test(code)) await setCurrentCountry(locals.session, code);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
  }
  commitSessionCookie(cookies, locals.session);
  return redirect(back, 303);
};
