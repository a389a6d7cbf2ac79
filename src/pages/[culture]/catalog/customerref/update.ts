import type { APIRoute } from "astro";
import { ReferenceUpdateSchema } from "~/features/catalog/references/customer-reference";
import { updateReference } from "~/features/catalog/references/customer-reference.server";
import { translator } from "~/lib/i18n";
import { safeReturnUrl } from "~/lib/url";
import { ApiError } from "~/server/http/errors";
import { setFlash } from "~/server/http/flash";

/** The reference form without JavaScript: save, then back to the product with a notice. */
export const POST: APIRoute = async ({ request, cookies, locals, redirect }) => {
  const form = await request.formData().catch(() => new FormData());
  const returnUrl = safeReturnUrl(String(form.get("ReturnUrl") ?? ""), `/${locals.culture}/`);
  const t = translator(locals.culture);
  const input = ReferenceUpdateSchema.safeParse(Object.fromEntries(form));
  try {
    if (!input.success) throw new ApiError("ValidationFailed");
    const result = await updateReference(
      locals.session,
      locals.culture,
      input.data.ProductVariantId,
      input.data.Reference,
    );
    setFlash(cookies, { kind: "success", message: result.Message, links: [] });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401)
      return redirect(`/${locals.culture}/security/login?returnUrl=${encodeURIComponent(returnUrl)}`, 303);
    setFlash(cookies, { kind: "error", message: t("Catalog.CustomerRefUpdateError"), links: [] });
  }
  return redirect(returnUrl, 303);
};
