import type { APIRoute } from "astro";
import { ReAddSchema, reAddOrderLine } from "~/features/orders/orders.server";
import { translator } from "~/lib/i18n";
import { safeReturnUrl } from "~/lib/url";
import { ApiError, errorBody } from "~/server/http/errors";
import { setFlash } from "~/server/http/flash";
import { commitSessionCookie } from "~/server/session/cookies";

/** Re-adding an order's item without JavaScript: the same service as PUT /api/v1/sales/orders/addtocart. */
export const POST: APIRoute = async ({ request, cookies, locals, redirect }) => {
  const form = await request.formData().catch(() => new FormData());
  const returnUrl = safeReturnUrl(String(form.get("ReturnUrl") ?? ""), `/${locals.culture}/account/orders`);
  const t = translator(locals.culture);
  const parsed = ReAddSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    setFlash(cookies, { kind: "error", message: t("Errors.ValidationFailed"), links: [] });
    return redirect(returnUrl, 303);
  }
  try {
    const result = await reAddOrderLine(locals.session, locals.culture, parsed.data);
    commitSessionCookie(cookies, locals.session);
    setFlash(cookies, {
      kind: "success",
      message: result.Message,
      links: [{ href: `/${locals.culture}/shoppingcarts`, label: t("Cart.GoToBasket") }],
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const body = errorBody(error, locals.culture);
    setFlash(cookies, { kind: "error", message: body.Errors.Quantity?.[0] ?? body.Message, links: [] });
  }
  return redirect(returnUrl, 303);
};
