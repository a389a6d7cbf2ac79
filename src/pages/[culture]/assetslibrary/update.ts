import { assetFormAction } from "~/features/assets/assets-forms.server";
import { formRoute } from "~/server/http/form-route";

/** The asset library's folder and asset forms: one action each, then back to the folder. */
export const POST = formRoute({
  back: (culture) => `/${culture}/assetslibrary`,
  signedIn: true,
  run: (form, { session, culture }) => assetFormAction(session, culture, form),
});
