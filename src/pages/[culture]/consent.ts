import { CONSENT_COOKIE_MAX_AGE_SECONDS, CONSENT_COOKIE_NAME, CONSENT_COOKIE_PATH } from "~/features/consent/consent";
import { decisionFromForm, recordConsentDecision } from "~/features/consent/consent.server";
import { env } from "~/server/config/env";
import { formRoute } from "~/server/http/form-route";

/** The consent form without JavaScript: store the decision in the same cookie, then go back. */
export const POST = formRoute({
  back: (culture) => `/${culture}/`,
  run: async (form, { culture, returnUrl, cookies, session }) => {
    // "Customise" without JavaScript: the settings page shows the categories.
    if (form.get("choice") === "customize")
      return { location: `/${culture}/cookies?returnUrl=${encodeURIComponent(returnUrl)}` };
    const settings = decisionFromForm(form, env().CONSENT_STAMP);
    cookies.set(CONSENT_COOKIE_NAME, JSON.stringify(settings), {
      path: CONSENT_COOKIE_PATH,
      maxAge: CONSENT_COOKIE_MAX_AGE_SECONDS,
      sameSite: "lax",
      secure: env().cookieSecure,
    });
    await recordConsentDecision(settings, culture, session.customerId);
    return {};
  },
});
