import { birthListFormAction } from "~/features/birthlists/birthlists-forms.server";
import { formRoute } from "~/server/http/form-route";

/**
 * The birth-list pages' forms without JavaScript: one action each, then back (or where a new or
 * deleted list sends). A guest's gift needs no account; the owner's changes do (the endpoints say 401).
 */
export const POST = formRoute({
  back: (culture) => `/${culture}/birthlists/birthlist/mine`,
  run: (form, { session, culture }) => birthListFormAction(session, culture, form),
});
