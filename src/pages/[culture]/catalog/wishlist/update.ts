import { wishlistFormAction } from "~/features/wishlists/wishlists-forms.server";
import { formRoute } from "~/server/http/form-route";

/** The wishlist page's forms without JavaScript: one action each, then back (or where a deleted list sends). */
export const POST = formRoute({
  back: (culture) => `/${culture}/catalog/wishlist/list`,
  signedIn: true,
  run: (form, { session, culture }) => wishlistFormAction(session, culture, form),
});
