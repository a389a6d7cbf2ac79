import type { APIRoute } from "astro";
import { cartFormAction } from "~/features/cart/cart-forms.server";
import { vatForm } from "~/features/checkout/checkout-forms.server";
import { safeReturnUrl } from "~/lib/url";
import { setFlash } from "~/server/http/flash";
import { commitSessionCookie } from "~/server/session/cookies";

/** The cart page's and checkout's forms without JavaScript: one action each, then back with a notice. */
export const POST: APIRoute = async ({ request, cookies, locals, redirect }) => {
  const form = await request.formData().catch(() => new FormData());
  const returnUrl = safeReturnUrl(String(form.get("ReturnUrl") ?? ""), `/${locals.culture}/shoppingcarts`);
  const notice =
    form.get("action") === "vat"
      ? await vatForm(locals.session, locals.culture, Object.fromEntries(form) as Record<string, string>)
      : await cartFormAction(locals.session, locals.culture, form);
  commitSessionCookie(cookies, locals.session);
  if (notice) setFlash(cookies, notice);
  return redirect(returnUrl, 303);
};
