import type { APIRoute } from "astro";
import { SavedPickupPointSchema } from "~/features/pickup/pickup";
import { savePickupPoint } from "~/features/pickup/pickup.server";
import { translator } from "~/lib/i18n";
import { safeReturnUrl } from "~/lib/url";
import { ApiError, errorBody } from "~/server/http/errors";
import { setFlash } from "~/server/http/flash";

/** Choosing a pickup point without JavaScript: saved on the cart, then back to the checkout. */
export const POST: APIRoute = async ({ request, cookies, locals, redirect }) => {
  const form = await request.formData().catch(() => new FormData());
  const returnUrl = safeReturnUrl(String(form.get("ReturnUrl") ?? ""), `/${locals.culture}/checkout`);
  const parsed = SavedPickupPointSchema.safeParse(Object.fromEntries(form));
  const t = translator(locals.culture);
  if (!parsed.success) {
    setFlash(cookies, { kind: "error", message: t("Pickup.Error"), links: [] });
    return redirect(returnUrl, 303);
  }
  try {
    await savePickupPoint(locals.session, locals.culture, parsed.data);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    setFlash(cookies, { kind: "error", message: errorBody(error, locals.culture).Message, links: [] });
  }
  return redirect(returnUrl, 303);
};
