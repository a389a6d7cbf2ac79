import type { APIRoute } from "astro";
import { CONSENT_COOKIE_MAX_AGE_SECONDS, CONSENT_COOKIE_NAME, CONSENT_COOKIE_PATH } from "~/features/consent/consent";
import { decisionFromForm, recordConsentDecision } from "~/features/consent/consent.server";
import { safeReturnUrl } from "~/lib/url";
import { env } from "~/server/config/env";

/** The consent form without JavaScript: store the decision in the same cookie, then go back. */
export const POST: APIRoute = async ({ request, cookies, locals, redirect }) => {
  const form = await request.formData().catch(() => new FormData());
  const returnUrl = safeReturnUrl(String(form.get("returnUrl") ?? ""), `/${locals.culture}/`);
  // "Customise" without JavaScript: the settings page shows the categories.
  if (form.get("choice") === "customize") {
    return redirect(`/${locals.culture}/cookies?returnUrl=${encodeURIComponent(returnUrl)}`, 303);
  }
  const settings = decisionFromForm(form, env().CONSENT_STAMP);
  cookies.set(CONSENT_COOKIE_NAME, JSON.stringify(settings), {
    path: CONSENT_COOKIE_PATH,
    maxAge: CONSENT_COOKIE_MAX_AGE_SECONDS,
    sameSite: "lax",
    secure: env().cookieSecure,
  });
  await recordConsentDecision(settings, locals.culture);
  return redirect(returnUrl, 303);
};
