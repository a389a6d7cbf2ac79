import type { APIRoute } from "astro";
import { saveLibraryForm } from "~/features/assets/assets-forms.server";
import { signInPath } from "~/lib/url";
import { setFlash } from "~/server/http/flash";
import { commitSessionCookie } from "~/server/session/cookies";

/** The library's upload form (multipart, streamed): the chosen uploads are saved in the form's folder. */
export const POST: APIRoute = async ({ request, cookies, locals, redirect }) => {
  if (!locals.session.customerId) return redirect(signInPath(locals.culture, `/${locals.culture}/assetslibrary`), 303);
  const { flash, location } = await saveLibraryForm(request, locals.session, locals.culture);
  commitSessionCookie(cookies, locals.session);
  setFlash(cookies, flash);
  return redirect(location, 303);
};
