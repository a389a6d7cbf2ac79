import type { APIContext, APIRoute, AstroCookies } from "astro";
import type { Culture } from "~/lib/culture";
import { safeReturnUrl, signInPath } from "~/lib/url";
import { commitSessionCookie } from "../session/cookies";
import type { Session } from "../session/session";
import { errorBody, isFormRefusal } from "./errors";
import { type Flash, setFlash } from "./flash";

/** What a form route's action answers: the notice to show, and where to go when not back. */
export interface FormRouteAnswer {
  flash?: Flash | null;
  location?: string | null;
}

export interface FormRouteContext {
  session: Session;
  culture: Culture;
  /** Where the form came from (its `ReturnUrl` or `returnUrl` field, same-site only), or the fallback. */
  returnUrl: string;
  cookies: AstroCookies;
}

/**
 * A form posted without JavaScript that goes back with a notice (post, redirect, get): the one way the
 * site's `POST /{culture}/...` routes handle a form (decision 055). The route reads the form once, finds
 * where to go back, asks a guest to sign in first when `signedIn` (or when the action answers 401), runs
 * the action (which calls the same rule or endpoint the API calls), keeps the session and sets the
 * notice. A refusal (4xx, `isFormRefusal`) becomes an error notice in the shopper's language, the first field's message
 * when there is one; a server failure is thrown, as any page's.
 *
 * A form whose page shows it again with its errors next to the fields uses `handleFormPost` instead.
 */
export function formRoute(options: {
  /** Where to go back when the form names no return address. */
  back: (culture: Culture) => string;
  /** Only a signed-in customer may post it: a guest signs in first and comes back. */
  signedIn?: boolean;
  run: (form: FormData, context: FormRouteContext) => Promise<FormRouteAnswer | undefined>;
}): APIRoute {
  return async ({ request, cookies, locals, redirect }: APIContext) => {
    const { session, culture } = locals;
    const form = await request.formData().catch(() => new FormData());
    const asked = form.get("ReturnUrl") ?? form.get("returnUrl");
    const returnUrl = safeReturnUrl(typeof asked === "string" ? asked : "", options.back(culture));
    if (options.signedIn && !session.customerId) return redirect(signInPath(culture, returnUrl), 303);
    let answer: FormRouteAnswer | undefined;
    try {
      answer = await options.run(form, { session, culture, returnUrl, cookies });
    } catch (error) {
      if (!isFormRefusal(error)) throw error;
      if (error.status === 401) return redirect(signInPath(culture, returnUrl), 303);
      const body = errorBody(error, culture);
      const first = Object.values(body.Errors).find((messages) => messages.length > 0)?.[0];
      answer = { flash: { kind: "error", message: first ?? body.Message, links: [] } };
    }
    commitSessionCookie(cookies, session);
    if (answer?.flash) setFlash(cookies, answer.flash);
    return redirect(answer?.location ?? returnUrl, 303);
  };
}
